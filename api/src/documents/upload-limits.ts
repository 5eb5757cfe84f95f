import { IT_DOCUMENTS } from '@incontra/contracts/messages/it-video-room';
import type { Tx } from '../db/database';
import { HttpError } from '../http/http-error';
import { uploadUsage } from './repository';

/** How much a company's rooms may store, and how fast (UPLOAD_* environment variables). */
export interface UploadLimits {
  /** Files one uploader (a staff member, a guest's entry) may store per minute. */
  perUploaderPerMinute: number;
  /** Files one room may hold, documents and chat files together. */
  roomMaxFiles: number;
  /** Bytes all of a company's files may take. */
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
  roomId: string;
  uploadedBy: string;
  /** The size of the file to store; 1 before it is read (every accepted file has a byte at least). */
  bytes: number;
  now: Date;
}

/**
 * Refuses an upload that would pass a limit: 429 when its uploader sent too many files in the
 * last minute, 422 with the reason when the room is full or the company's quota would be passed.
 * Counts the rows already stored; atomic only under the company's upload lock.
 */
export async function checkUploadLimits(tx: Tx, limits: UploadLimits, attempt: UploadAttempt): Promise<void> {
  const since = new Date(attempt.now.getTime() - MINUTE_MS);
  const usage = await uploadUsage(tx, attempt.companyId, attempt.roomId, attempt.uploadedBy, since);
  if (usage.uploaderRecent >= limits.perUploaderPerMinute) {
    throw new HttpError(429, IT_DOCUMENTS.uploadRateLimited(limits.perUploaderPerMinute));
  }
  if (usage.roomFiles >= limits.roomMaxFiles) throw new HttpError(422, IT_DOCUMENTS.roomFilesFull(limits.roomMaxFiles));
  if (usage.companyBytes + attempt.bytes > limits.companyQuotaBytes) {
    throw new HttpError(422, IT_DOCUMENTS.quotaExceeded(Math.round(limits.companyQuotaBytes / MEGABYTE)), 'file');
  }
}
