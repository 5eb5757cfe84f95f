import { queryOptions, useQuery } from '@tanstack/react-query';
import { roomDocumentsSchema, type RoomDocument } from '@incontra/contracts/api/documents';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';

export const roomDocumentsQueryKey = (companyId: string, roomId: string) => ['company', companyId, 'rooms', roomId, 'documents'] as const;

/** GET /api/room/{id}/documents: the room's documents and chat attachments, each with a signed link. */
export function getRoomDocuments(roomId: string, signal?: AbortSignal): Promise<RoomDocument[]> {
  return apiRequest(`/api/room/${encodeURIComponent(roomId)}/documents`, { schema: roomDocumentsSchema, signal });
}

export function getRoomDocumentsQueryOptions(companyId: string, roomId: string) {
  return queryOptions({
    queryKey: roomDocumentsQueryKey(companyId, roomId),
    queryFn: ({ signal }) => getRoomDocuments(roomId, signal),
    refetchOnWindowFocus: false,
  });
}

export function useRoomDocuments(roomId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const { company } = useMfeProps();
  return useQuery({ ...getRoomDocumentsQueryOptions(company.id, roomId), enabled });
}
