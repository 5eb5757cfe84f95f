/*
 * The stores' TanStack keys, tenant first: the one place for every read of GET /api/stores and of
 * a store's topics. A store's topics (and the public config of a store, `queryKeys.storeConfig`)
 * live under `all`: a write of a store, a topic or a room (the stores count them) invalidates
 * `all`, and every screen reading any of them refreshes.
 */
export const storeKeys = {
  all: (companyId: string) => ['company', companyId, 'stores'] as const,
  list: (companyId: string) => ['company', companyId, 'stores', 'list'] as const,
  topics: (companyId: string, storeId: string) => ['company', companyId, 'stores', storeId, 'topics'] as const,
};
