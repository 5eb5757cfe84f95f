import type { DocumentKind } from '@incontra/contracts/api/documents';
import type { UploadStore } from '../uploads/upload-store';

/** A file that passed the checks and is stored, with what its row needs. */
export interface ReceivedUpload {
  key: string;
  name: string;
  mimeType: string;
  size: number;
  kind: DocumentKind;
}

/**
 * Where an upload comes from (a multipart request, in practice). `receive` checks the file, stores
 * it through the store, and either answers it or fails with nothing left stored.
 */
export interface UploadSource {
  receive(store: UploadStore): Promise<ReceivedUpload>;
}
