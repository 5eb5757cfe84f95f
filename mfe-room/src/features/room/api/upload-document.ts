import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roomDocumentSchema, type DocumentKind, type RoomDocument } from '@incontra/contracts/api/documents';
import { apiErrorSchema } from '@incontra/contracts/api/common';
import { SESSION } from '@incontra/contracts/constants';
import { ApiRequestError } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { roomDocumentsQueryKey } from './get-room-documents';

function csrfToken(): string | undefined {
  const prefix = `${SESSION.csrfCookieName}=`;
  const pair = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return pair ? decodeURIComponent(pair.slice(prefix.length)) : undefined;
}

/**
 * POST /api/room/{id}/documents, multipart (field `file`, text field `kind`). apiRequest speaks
 * JSON only, so this is its multipart twin: same origin, credentials, the CSRF header, the same
 * typed error, the answer parsed with the contract. The browser sets the multipart boundary.
 */
export async function uploadRoomDocument(roomId: string, file: File, kind: DocumentKind = 'document'): Promise<RoomDocument> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  const headers: Record<string, string> = { accept: 'application/json' };
  const csrf = csrfToken();
  if (csrf) headers[SESSION.csrfHeaderName] = csrf;
  let response: Response;
  try {
    response = await fetch(`/api/room/${encodeURIComponent(roomId)}/documents`, {
      method: 'POST',
      headers,
      credentials: 'same-origin',
      body: form,
    });
  } catch {
    throw new ApiRequestError(0, null);
  }
  const text = await response.text();
  const json: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(json);
    throw new ApiRequestError(response.status, parsed.success ? parsed.data : null);
  }
  return roomDocumentSchema.parse(json);
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
