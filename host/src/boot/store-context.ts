import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { RoomTranslation } from '@incontra/contracts/api/stores';
import type { InlinedPublicConfig } from '@incontra/contracts/initial-data';
import type { StoreContext } from '@incontra/contracts/mfe';
import { queryKeys } from '@incontra/contracts/query-keys';
import { getRoomTranslationsQueryOptions, getStoreConfigQueryOptions } from '@incontra/mfe-kit/public-config';

export const EMPTY_STORE_CONTEXT: StoreContext = { store: null, translations: [] };

/**
 * How long the answers inlined into the page count as fresh. They were read when the page was
 * served: asking again as the remote mounts (seconds later on a phone) would only repeat them,
 * and each answer would cost the page a render.
 */
export const INLINED_FRESH_MS = 60_000;

/**
 * Puts the answers the API inlined into a visitor page into the shared cache, under the keys the
 * remotes read them by (mfe-kit's public-config): the page's first screen then renders at once
 * instead of after three round trips, one after the other.
 */
export function primePublicConfig(queryClient: QueryClient, companyId: string, inlined: InlinedPublicConfig): void {
  const answers: [QueryKey, unknown][] = [[queryKeys.companyConfig(companyId), inlined.companyConfig]];
  const { store } = inlined;
  if (store) {
    answers.push([queryKeys.storeConfig(companyId, store.id), store]);
    const firstRoom = store.rooms[0];
    if (firstRoom) answers.push([queryKeys.roomTranslations(companyId, firstRoom.id), inlined.translations]);
  }
  for (const [queryKey, data] of answers) {
    queryClient.setQueryDefaults(queryKey, { staleTime: INLINED_FRESH_MS });
    queryClient.setQueryData(queryKey, data);
  }
}

/**
 * `?store=<id>`: the store with its rooms and the first room's translations. A visitor page has
 * them inlined (`inlined`: the API's answer for this very `?store=`, null when it named none of the
 * company's stores); otherwise they are read here. The spec ignores failures of both reads, so
 * each one falls back to nothing. Both land in the shared cache.
 */
export async function loadStoreContext(queryClient: QueryClient, companyId: string, search: string, inlined?: InlinedPublicConfig): Promise<StoreContext> {
  const storeId = new URLSearchParams(search).get('store');
  if (!storeId) return EMPTY_STORE_CONTEXT;
  if (inlined) return inlined.store?.id === storeId ? { store: inlined.store, translations: inlined.translations } : EMPTY_STORE_CONTEXT;
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
