import { useQuery } from '@tanstack/react-query';
import { roomTranslationsSchema, type RoomTranslation } from '@incontra/contracts/api/stores';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { translationKeys } from './translation-keys';

/** GET /api/room/{id}/translations: the room's own texts, every language (the public read the visitor makes). */
export function getRoomTranslations(roomId: string, signal?: AbortSignal): Promise<RoomTranslation[]> {
  return apiRequest(`/api/room/${encodeURIComponent(roomId)}/translations`, { schema: roomTranslationsSchema, signal });
}

export function useRoomTranslations(roomId: string) {
  const { company } = useMfeProps();
  return useQuery({ queryKey: translationKeys.room(company.id, roomId), queryFn: ({ signal }) => getRoomTranslations(roomId, signal) });
}
