import { useMutation } from '@tanstack/react-query';
import { invitationSchema, type CreateInvitationBody, type Invitation } from '@incontra/contracts/api/join-requests';
import { apiRequest } from '@incontra/contracts/http';

/** POST /api/bo/invitations: a code and a link for one visitor, valid for a day. */
export function createInvitation(body: CreateInvitationBody): Promise<Invitation> {
  return apiRequest('/api/bo/invitations', { method: 'POST', body, schema: invitationSchema });
}

export function useCreateInvitation() {
  return useMutation({ mutationFn: createInvitation });
}
