import type { Store } from '@incontra/contracts/api/stores';

/** A visitor path that keeps the chosen store in `?store=`, so a reload lands in the same store. */
export function pathWithStore(path: string, store: Pick<Store, 'id'> | null): string {
  return store ? `${path}?${new URLSearchParams({ store: store.id }).toString()}` : path;
}
