import { useMutation } from '@tanstack/react-query';
import { joinRoomResponseSchema, type JoinRoomResponse } from '@incontra/contracts/api/video-room';
import { apiRequest } from '@incontra/contracts/http';

/**
 * POST /api/video-room/{id}/join: a fresh identity and token for the signed-in staff member. A
 * mutation, not a query: every call mints a new identity, so it must never be cached or retried.
 */
export function joinRoom(roomId: string): Promise<JoinRoomResponse> {
  return apiRequest(`/api/video-room/${encodeURIComponent(roomId)}/join`, { method: 'POST', schema: joinRoomResponseSchema });
}

export function useJoinRoom() {
  return useMutation({ mutationFn: joinRoom, retry: false });
}
