import { roomDocumentSchema, type RoomDocument } from '@incontra/contracts/api/documents';
import { apiRequest } from '@incontra/contracts/http';
import { IT_DOCUMENTS_ADMIN } from '@incontra/contracts/messages/it-documents';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useManagementMutation } from '../../../app/management/use-management-mutation';
import { documentKeys } from './document-keys';

/** POST /api/room/{id}/documents (multipart: `file`, `kind` document): answers the stored document. */
export function uploadDocument(roomId: string, file: File): Promise<RoomDocument> {
  const form = new FormData();
  // The kind first: the API reads the form in order and then knows the file's destination at once.
  form.append('kind', 'document');
  form.append('file', file, file.name);
  return apiRequest(`/api/room/${encodeURIComponent(roomId)}/documents`, { method: 'POST', body: form, schema: roomDocumentSchema });
}

/** The toast names the file; a refusal about the file (size, type, quota) is left to the form. */
export function useUploadDocument(roomId: string) {
  const { company } = useMfeProps();
  return useManagementMutation({
    mutationFn: (file: File) => uploadDocument(roomId, file),
    invalidate: [documentKeys.room(company.id, roomId)],
    success: (document) => IT_DOCUMENTS_ADMIN.uploaded(document.name),
  });
}
