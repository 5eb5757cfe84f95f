import { useMutation } from '@tanstack/react-query';
import { joinRoomResponseSchema, type JoinRoomBody, type JoinRoomResponse } from '@incontra/contracts/api/video-room';
import { apiRequest } from '@incontra/contracts/http';

/** How one enters: staff with the session cookie, a guest with its request and visitor token. */
export type JoinRoomCall = (roomId: string, body: JoinRoomBody) => Promise<JoinRoomResponse>;

/**
 * POST /api/video-room/{id}/join: a fresh identity and token, for the signed-in staff member (or,
 * with `headers` carrying a visitor token, for an approved guest). A mutation, not a query: every
 * call mints a new identity, so it must never be cached or retried.
 */
export function joinRoom(roomId: string, body: JoinRoomBody = {}, headers?: Record<string, string>): Promise<JoinRoomResponse> {
  return apiRequest(`/api/video-room/${encodeURIComponent(roomId)}/join`, { method: 'POST', body, headers, schema: joinRoomResponseSchema });
}

export function useJoinRoom(call: JoinRoomCall = joinRoom) {
  return useMutation({ mutationFn: ({ roomId, displayName }: { roomId: string; displayName: string }) => call(roomId, { displayName }), retry: false });
}
