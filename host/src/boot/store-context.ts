import type { QueryClient } from '@tanstack/react-query';
import { roomTranslationsSchema, type RoomTranslation } from '@incontra/contracts/api/stores';
import { apiRequest } from '@incontra/contracts/http';
import type { StoreContext } from '@incontra/contracts/mfe';
import { queryKeys } from '@incontra/contracts/query-keys';
import { getStoreConfigQueryOptions } from '@incontra/mfe-kit/public-config';

export const EMPTY_STORE_CONTEXT: StoreContext = { store: null, translations: [] };

/**
 * `?store=<id>`: the store with its rooms and the first room's translations. The spec ignores
 * failures of both reads, so each one falls back to nothing. Both land in the shared cache.
 */
export async function loadStoreContext(queryClient: QueryClient, companyId: string, search: string): Promise<StoreContext> {
  const storeId = new URLSearchParams(search).get('store');
  if (!storeId) return EMPTY_STORE_CONTEXT;
  const store = await queryClient
    .fetchQuery({
      ...getStoreConfigQueryOptions(companyId, window.location.origin, storeId),
      retry: false,
    })
    .catch(() => null);
  const firstRoom = store?.rooms[0];
  if (!firstRoom) return { store, translations: [] };
  const translations = await queryClient
    .fetchQuery({
      queryKey: queryKeys.roomTranslations(companyId, firstRoom.id),
      // The public read's company is the page's origin, as for the public config.
      queryFn: () =>
        apiRequest<RoomTranslation[]>(`/api/room/${encodeURIComponent(firstRoom.id)}/translations`, {
          schema: roomTranslationsSchema,
          headers: { 'x-origin': window.location.origin },
        }),
      retry: false,
    })
    .catch((): RoomTranslation[] => []);
  return { store, translations };
}
