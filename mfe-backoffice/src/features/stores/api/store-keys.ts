/** The stores' TanStack keys, tenant first. Topics live under their store: a store's refresh takes them along. */
export const storeKeys = {
  all: (companyId: string) => ['company', companyId, 'stores'] as const,
};
