/*
 * The rooms' TanStack keys, tenant first: the one place for every read of GET /api/rooms and of a
 * room. The table's pages, a store's rooms (the agenda's columns, the topics' choice of rooms), a
 * room's details and opening all live under `all`: a room's write invalidates `all`, and every
 * screen reading any of them refreshes.
 */
export const roomKeys = {
  all: (companyId: string) => ['company', companyId, 'rooms'] as const,
  page: (companyId: string, request: object) => ['company', companyId, 'rooms', 'page', request] as const,
  ofStore: (companyId: string, storeId: string) => ['company', companyId, 'rooms', 'of-store', storeId] as const,
  detail: (companyId: string, roomId: string) => ['company', companyId, 'rooms', roomId] as const,
  opening: (companyId: string, roomId: string) => ['company', companyId, 'rooms', roomId, 'opening'] as const,
};
