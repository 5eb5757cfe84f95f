import { useQuery } from '@tanstack/react-query';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { getRoomTranslations } from '@incontra/mfe-kit/public-config';
import { translationKeys } from './translation-keys';

export function useRoomTranslations(roomId: string) {
  const { company } = useMfeProps();
  return useQuery({ queryKey: translationKeys.room(company.id, roomId), queryFn: ({ signal }) => getRoomTranslations(window.location.origin, roomId, signal) });
}
