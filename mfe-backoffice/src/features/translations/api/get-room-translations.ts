import { useQuery } from '@tanstack/react-query';
import { roomTranslationsSchema, type RoomTranslation } from '@incontra/contracts/api/stores';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { translationKeys } from './translation-keys';

/**
 * GET /api/room/{id}/translations: the room's own texts, every language. It is the visitor's public
 * read, whose company is the page's origin (`x-origin`), as for the public config.
 */
export function getRoomTranslations(roomId: string, signal?: AbortSignal): Promise<RoomTranslation[]> {
  return apiRequest(`/api/room/${encodeURIComponent(roomId)}/translations`, {
    schema: roomTranslationsSchema,
    headers: { 'x-origin': window.location.origin },
    signal,
  });
}

export function useRoomTranslations(roomId: string) {
  const { company } = useMfeProps();
  return useQuery({ queryKey: translationKeys.room(company.id, roomId), queryFn: ({ signal }) => getRoomTranslations(roomId, signal) });
}
