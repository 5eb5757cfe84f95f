import type { Readable } from 'node:stream';

/** What a file is stored from: a whole buffer, or a stream read to its end. */
export type UploadContent = Buffer | Readable;

/**
 * The uploads port. Keys are chosen by the store, never by the caller, so that no user-supplied
 * text ever becomes part of a storage path. The embedded default keeps files on disk; an object
 * storage adapter can replace it behind the same interface.
 */
export interface UploadStore {
  /** Stores the content completely or not at all, and answers its new key. */
  put(content: UploadContent): Promise<string>;
  /**
   * The stored content, or the bytes `range.start` to `range.end` of it (both included: an HTTP
   * Range); rejects with UploadNotFoundError when there is none.
   */
  open(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Removes the content; a key with nothing stored is not an error. */
  remove(key: string): Promise<void>;
}

export class UploadNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No upload stored under ${key}`);
    this.name = 'UploadNotFoundError';
  }
}
