/*
 * The topics' TanStack keys, tenant first. A store's topics sit under the stores' key, which the
 * «Punti vendita» screen uses for its list: refreshing the stores (their topic counts) takes the
 * topics along, and a topic's write refreshes both.
 */
export const topicKeys = {
  stores: (companyId: string) => ['company', companyId, 'stores'] as const,
  ofStore: (companyId: string, storeId: string) => ['company', companyId, 'stores', storeId, 'topics'] as const,
  /** Under 'rooms': a change of the rooms refreshes the choice of rooms too. */
  storeRooms: (companyId: string, storeId: string) => ['company', companyId, 'rooms', 'of-store', storeId] as const,
};
