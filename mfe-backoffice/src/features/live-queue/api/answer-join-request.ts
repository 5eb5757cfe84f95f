import {
  approvedJoinRequestSchema,
  staffJoinRequestSchema,
  type ApprovedJoinRequest,
  type StaffJoinRequest,
  type StaffMessageBody,
} from '@incontra/contracts/api/join-requests';
import { apiRequest } from '@incontra/contracts/http';

const requestPath = (id: string) => `/api/video-room/join-request/${encodeURIComponent(id)}`;

/** POST …/approve: the first staff member to call it takes the visitor (409 for everybody else). */
export function approveJoinRequest(id: string): Promise<ApprovedJoinRequest> {
  return apiRequest(`${requestPath(id)}/approve`, { method: 'POST', schema: approvedJoinRequestSchema });
}

/** The two answers that carry a message for the visitor. */
export type StaffReply = 'reject' | 'busy';

/** POST …/reject or …/busy with the message the visitor reads. */
export function replyToJoinRequest(id: string, reply: StaffReply, body: StaffMessageBody): Promise<StaffJoinRequest> {
  return apiRequest(`${requestPath(id)}/${reply}`, { method: 'POST', body, schema: staffJoinRequestSchema });
}
