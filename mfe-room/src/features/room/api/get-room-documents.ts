import { queryOptions, useQuery } from '@tanstack/react-query';
import { roomDocumentsSchema, type DocumentKind, type RoomDocument } from '@incontra/contracts/api/documents';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';

/** Every list of the room's files sits under this key: invalidating it refreshes documents and chat files alike. */
export const roomDocumentsQueryKey = (companyId: string, roomId: string) => ['company', companyId, 'rooms', roomId, 'documents'] as const;

/**
 * GET /api/room/{id}/documents (staff): the room's documents, or with `kind` `chat` the files sent
 * in its chat, each with a signed link.
 */
export function getRoomDocuments(roomId: string, kind: DocumentKind = 'document', signal?: AbortSignal): Promise<RoomDocument[]> {
  const query = kind === 'document' ? '' : `?kind=${kind}`;
  return apiRequest(`/api/room/${encodeURIComponent(roomId)}/documents${query}`, { schema: roomDocumentsSchema, signal });
}

export function getRoomDocumentsQueryOptions(companyId: string, roomId: string, kind: DocumentKind = 'document') {
  return queryOptions({
    queryKey: [...roomDocumentsQueryKey(companyId, roomId), kind],
    queryFn: ({ signal }) => getRoomDocuments(roomId, kind, signal),
    refetchOnWindowFocus: false,
  });
}

export function useRoomDocuments(roomId: string, { enabled = true, kind = 'document' }: { enabled?: boolean; kind?: DocumentKind } = {}) {
  const { company } = useMfeProps();
  return useQuery({ ...getRoomDocumentsQueryOptions(company.id, roomId, kind), enabled });
}
