import { useMutation } from '@tanstack/react-query';
import { okSchema } from '@incontra/contracts/api/common';
import { apiRequest } from '@incontra/contracts/http';

/** POST /api/video-room/{roomId}/kick/{identity} (staff): removes the participant and revokes its token. */
export async function kickParticipant(roomId: string, identity: string): Promise<void> {
  await apiRequest(`/api/video-room/${encodeURIComponent(roomId)}/kick/${encodeURIComponent(identity)}`, {
    method: 'POST',
    schema: okSchema,
  });
}

export function useKickParticipant(roomId: string) {
  return useMutation({ mutationFn: (identity: string) => kickParticipant(roomId, identity) });
}
