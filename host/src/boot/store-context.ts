import type { QueryClient } from '@tanstack/react-query';
import type { RoomTranslation } from '@incontra/contracts/api/stores';
import type { StoreContext } from '@incontra/contracts/mfe';
import { getRoomTranslationsQueryOptions, getStoreConfigQueryOptions } from '@incontra/mfe-kit/public-config';

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
    .fetchQuery(getRoomTranslationsQueryOptions(companyId, window.location.origin, firstRoom.id))
    .catch((): RoomTranslation[] => []);
  return { store, translations };
}
