import { sentJoinRequestSchema, type SentJoinRequest } from '@incontra/contracts/api/join-requests';
import { apiRequest } from '@incontra/contracts/http';

/**
 * The three ways in, each answering the request and, this once, the visitor's token: from a
 * store's live page, with an invitation code, or with a reservation's join link.
 */
export type JoinRequestOrigin =
  | { kind: 'live'; storeId: string; roomId: string }
  | { kind: 'invitation'; code: string }
  | { kind: 'reservation'; reservationId: string; access: ReservationJoinAccess };

/**
 * Whose join link it is: the customer's (their join token), or an invited participant's personal
 * link (their id and token: they join the appointment under their own name).
 */
export type ReservationJoinAccess = { token?: string } | { participant: { id: string; token: string } };

/** POST /api/video-room/{store}/send-join-request */
export function sendLiveJoinRequest(storeId: string, body: { name: string; room: string }): Promise<SentJoinRequest> {
  return apiRequest(`/api/video-room/${encodeURIComponent(storeId)}/send-join-request`, { method: 'POST', body, schema: sentJoinRequestSchema });
}

/** POST /api/video-room/invitation/send-join-request (the code in the body, never in a logged URL). */
export function sendInvitationJoinRequest(body: { code: string; name: string }): Promise<SentJoinRequest> {
  return apiRequest('/api/video-room/invitation/send-join-request', { method: 'POST', body, schema: sentJoinRequestSchema });
}

/** POST /api/video-room/reservation/{id}/send-join-request: the reservation's name unless one is given. */
export function sendReservationJoinRequest(reservationId: string, body: { name?: string } & ReservationJoinAccess): Promise<SentJoinRequest> {
  return apiRequest(`/api/video-room/reservation/${encodeURIComponent(reservationId)}/send-join-request`, {
    method: 'POST',
    body,
    schema: sentJoinRequestSchema,
  });
}

/** Sends a request the way `origin` says; `name` may be empty only for a reservation. */
export function sendJoinRequest(origin: JoinRequestOrigin, name: string): Promise<SentJoinRequest> {
  switch (origin.kind) {
    case 'live':
      return sendLiveJoinRequest(origin.storeId, { name, room: origin.roomId });
    case 'invitation':
      return sendInvitationJoinRequest({ code: origin.code, name });
    case 'reservation':
      return sendReservationJoinRequest(origin.reservationId, { ...(name ? { name } : {}), ...origin.access });
  }
}
