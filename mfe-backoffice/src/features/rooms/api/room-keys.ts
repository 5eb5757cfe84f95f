/** The rooms' TanStack keys, tenant first. A room's details and opening live under the list: a list refresh takes them along. */
export const roomKeys = {
  all: (companyId: string) => ['company', companyId, 'rooms'] as const,
  page: (companyId: string, request: object) => ['company', companyId, 'rooms', 'page', request] as const,
  detail: (companyId: string, roomId: string) => ['company', companyId, 'rooms', roomId] as const,
  opening: (companyId: string, roomId: string) => ['company', companyId, 'rooms', roomId, 'opening'] as const,
  /** The stores a room may be put in (the stores feature keeps its own copy under its own key). */
};
