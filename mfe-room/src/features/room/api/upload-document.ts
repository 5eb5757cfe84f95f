import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roomDocumentSchema, type DocumentKind, type RoomDocument } from '@incontra/contracts/api/documents';
import type { JoinRoomResponse } from '@incontra/contracts/api/video-room';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { roomDocumentsQueryKey } from './get-room-documents';

/**
 * POST /api/room/{id}/documents, multipart: field `file`, text field `kind`. Staff send their
 * session cookie; a guest, who has none, its join answer's `uploadToken` as Bearer.
 */
export function uploadRoomDocument(roomId: string, file: File, kind: DocumentKind = 'document', uploadToken?: string): Promise<RoomDocument> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  const headers = uploadToken === undefined ? undefined : { authorization: `Bearer ${uploadToken}` };
  return apiRequest(`/api/room/${encodeURIComponent(roomId)}/documents`, { method: 'POST', body: form, headers, schema: roomDocumentSchema });
}

/** How this participant sends a chat file: a guest with the upload token of its entry, staff with the cookie. */
export function chatFileUploader(join: Pick<JoinRoomResponse, 'role' | 'uploadToken'>): (roomId: string, file: File) => Promise<RoomDocument> {
  const uploadToken = join.role === 'guest' ? join.uploadToken : undefined;
  return (roomId, file) => uploadRoomDocument(roomId, file, 'chat', uploadToken);
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
