import { useMutation } from '@tanstack/react-query';
import { joinRoomResponseSchema, type JoinRoomBody, type JoinRoomResponse } from '@incontra/contracts/api/video-room';
import { apiRequest } from '@incontra/contracts/http';

/**
 * POST /api/video-room/{id}/join: a fresh identity and token for the signed-in staff member. A
 * mutation, not a query: every call mints a new identity, so it must never be cached or retried.
 */
export function joinRoom(roomId: string, body: JoinRoomBody = {}): Promise<JoinRoomResponse> {
  return apiRequest(`/api/video-room/${encodeURIComponent(roomId)}/join`, { method: 'POST', body, schema: joinRoomResponseSchema });
}

export function useJoinRoom() {
  return useMutation({ mutationFn: ({ roomId, displayName }: { roomId: string; displayName: string }) => joinRoom(roomId, { displayName }), retry: false });
}
