import { IT_DOCUMENTS } from '@incontra/contracts/messages/it-video-room';
import type { Tx } from '../db/database';
import { HttpError } from '../http/http-error';
import { roomFileCount, storageUsage } from '../uploads/storage-usage';

/**
 * How much a company may store, and how fast (UPLOAD_* environment variables): one rate and one
 * quota for every upload route (room documents, chat files, editor images), one cap per room.
 */
export interface UploadLimits {
  /** Files one uploader (a staff member, a guest's entry) may store per minute, on every upload route. */
  perUploaderPerMinute: number;
  /** Files one room may hold, documents and chat files together. */
  roomMaxFiles: number;
  /** Bytes all of a company's stored files may take: documents, chat files and editor images. */
  companyQuotaBytes: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  perUploaderPerMinute: 10,
  roomMaxFiles: 200,
  companyQuotaBytes: 1024 * 1024 * 1024,
};

const MINUTE_MS = 60_000;
const MEGABYTE = 1024 * 1024;

export interface UploadAttempt {
  companyId: string;
  /** The room a document or chat file goes to; null for what belongs to no room (an editor image). */
  roomId: string | null;
  uploadedBy: string;
  /** The size of the file to store; 1 before it is read (every accepted file has a byte at least). */
  bytes: number;
  now: Date;
  /** The request's field the quota's refusal names: `file` unless told (`image`). */
  field?: string;
}

/**
 * Refuses an upload that would pass a limit: 429 when its uploader stored too many files in the
 * last minute, 422 with the reason when the room is full or the company's quota would be passed.
 * Counts the rows already stored; atomic only under the company's upload lock (lockCompanyStorage).
 */
export async function checkUploadLimits(tx: Tx, limits: UploadLimits, attempt: UploadAttempt): Promise<void> {
  const since = new Date(attempt.now.getTime() - MINUTE_MS);
  const usage = await storageUsage(tx, attempt.companyId, attempt.uploadedBy, since);
  if (usage.uploaderRecent >= limits.perUploaderPerMinute) {
    throw new HttpError(429, IT_DOCUMENTS.uploadRateLimited(limits.perUploaderPerMinute));
  }
  if (attempt.roomId !== null && (await roomFileCount(tx, attempt.companyId, attempt.roomId)) >= limits.roomMaxFiles) {
    throw new HttpError(422, IT_DOCUMENTS.roomFilesFull(limits.roomMaxFiles));
  }
  if (usage.companyBytes + attempt.bytes > limits.companyQuotaBytes) {
    throw new HttpError(422, IT_DOCUMENTS.quotaExceeded(Math.round(limits.companyQuotaBytes / MEGABYTE)), attempt.field ?? 'file');
  }
}
