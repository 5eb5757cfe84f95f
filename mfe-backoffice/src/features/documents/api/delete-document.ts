import { okSchema, type Ok } from '@incontra/contracts/api/common';
import type { RoomDocument } from '@incontra/contracts/api/documents';
import { apiRequest } from '@incontra/contracts/http';
import { IT_DOCUMENTS_ADMIN } from '@incontra/contracts/messages/it-documents';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useManagementMutation } from '../../../app/management/use-management-mutation';
import { documentKeys } from './document-keys';

/** DELETE /api/documents/{id}. */
export function deleteDocument(id: string): Promise<Ok> {
  return apiRequest(`/api/documents/${encodeURIComponent(id)}`, { method: 'DELETE', schema: okSchema });
}

/** A failure stays in the confirmation dialog (ConfirmDeleteButton), not in a toast too. */
export function useDeleteDocument(roomId: string) {
  const { company } = useMfeProps();
  return useManagementMutation({
    mutationFn: (document: RoomDocument) => deleteDocument(document.id),
    invalidate: [documentKeys.room(company.id, roomId)],
    success: (_ok: Ok, document: RoomDocument) => IT_DOCUMENTS_ADMIN.deleted(document.name),
    notifyErrors: false,
  });
}
