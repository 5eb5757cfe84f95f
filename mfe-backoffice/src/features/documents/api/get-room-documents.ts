import { queryOptions, useQuery } from '@tanstack/react-query';
import { roomDocumentsSchema, type RoomDocument } from '@incontra/contracts/api/documents';
import { ApiRequestError, apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { documentKeys } from './document-keys';

/** GET /api/room/{id}/documents: the room's documents, newest first; 404 for a room of a store the operator does not serve. */
export function getRoomDocuments(roomId: string, signal?: AbortSignal): Promise<RoomDocument[]> {
  return apiRequest(`/api/room/${encodeURIComponent(roomId)}/documents`, { schema: roomDocumentsSchema, signal });
}

/** A refusal (a room not served, gone) will not change by asking again: only transient failures are retried. */
function retryTransient(failureCount: number, error: Error): boolean {
  const status = error instanceof ApiRequestError ? error.status : 500;
  return (status === 0 || status >= 500) && failureCount < 2;
}

export function getRoomDocumentsQueryOptions(companyId: string, roomId: string) {
  return queryOptions({
    queryKey: documentKeys.room(companyId, roomId),
    queryFn: ({ signal }) => getRoomDocuments(roomId, signal),
    retry: retryTransient,
  });
}

export function useRoomDocuments(roomId: string) {
  const { company } = useMfeProps();
  return useQuery(getRoomDocumentsQueryOptions(company.id, roomId));
}
