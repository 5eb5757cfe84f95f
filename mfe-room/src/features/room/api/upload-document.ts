import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roomDocumentSchema, type DocumentKind, type RoomDocument } from '@incontra/contracts/api/documents';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { roomDocumentsQueryKey } from './get-room-documents';

/** POST /api/room/{id}/documents, multipart: field `file`, text field `kind`. */
export function uploadRoomDocument(roomId: string, file: File, kind: DocumentKind = 'document'): Promise<RoomDocument> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  return apiRequest(`/api/room/${encodeURIComponent(roomId)}/documents`, { method: 'POST', body: form, schema: roomDocumentSchema });
}

/** Uploads a room document (kind `document`) and refreshes the room's list. */
export function useUploadRoomDocument(roomId: string) {
  const { company } = useMfeProps();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadRoomDocument(roomId, file, 'document'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomDocumentsQueryKey(company.id, roomId) }),
  });
}
