/** The translations area's query keys, tenant first. */
export const translationKeys = {
  all: (companyId: string) => ['company', companyId, 'translations'] as const,
  room: (companyId: string, roomId: string) => ['company', companyId, 'translations', 'room', roomId] as const,
};
