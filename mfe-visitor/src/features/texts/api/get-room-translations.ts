import { queryOptions } from '@tanstack/react-query';
import { roomTranslationsSchema, type RoomTranslation } from '@incontra/contracts/api/stores';
import { apiRequest } from '@incontra/contracts/http';
import { queryKeys } from '@incontra/contracts/query-keys';

/** GET /api/room/{id}/translations: the room's own texts, every language (the company is the page's origin). */
export function getRoomTranslations(roomId: string, signal?: AbortSignal): Promise<RoomTranslation[]> {
  return apiRequest(`/api/room/${encodeURIComponent(roomId)}/translations`, {
    schema: roomTranslationsSchema,
    headers: { 'x-origin': window.location.origin },
    signal,
  });
}

/**
 * Under the key the shell fills for `?store=`. Not retried: without its texts the room shows the
 * defaults (the spec ignores this read's failures), and the page waiting for them should not wait long.
 */
export function getRoomTranslationsQueryOptions(companyId: string, roomId: string) {
  return queryOptions({
    queryKey: queryKeys.roomTranslations(companyId, roomId),
    queryFn: ({ signal }) => getRoomTranslations(roomId, signal),
    retry: false,
    refetchOnWindowFocus: false,
  });
}
