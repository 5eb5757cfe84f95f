import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@incontra/contracts/api/common';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { roomDocumentsQueryKey } from './get-room-documents';

/** DELETE /api/documents/{id} (staff). */
export async function deleteDocument(documentId: string): Promise<void> {
  await apiRequest(`/api/documents/${encodeURIComponent(documentId)}`, { method: 'DELETE', schema: okSchema });
}

export function useDeleteDocument(roomId: string) {
  const { company } = useMfeProps();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomDocumentsQueryKey(company.id, roomId) }),
  });
}
