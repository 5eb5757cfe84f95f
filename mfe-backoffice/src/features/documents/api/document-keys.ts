/** The documents area's query keys, tenant first. */
export const documentKeys = {
  all: (companyId: string) => ['company', companyId, 'documents'] as const,
  room: (companyId: string, roomId: string) => ['company', companyId, 'documents', 'room', roomId] as const,
};
