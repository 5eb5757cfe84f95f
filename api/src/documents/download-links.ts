import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../common/clock';

/** How long a download link in a list or a chat message keeps working. */
export const DOWNLOAD_LINK_TTL_SECONDS = 12 * 3600;

export interface DownloadSignature {
  exp?: unknown;
  sig?: unknown;
}

/**
 * Signed download links: `/api/documents/{id}/download?exp=<unix seconds>&sig=<HMAC-SHA256>`, so
 * that anyone in the room (guests have no session) can fetch a file a chat message points to.
 * The room-token secret is reused; the signed text starts with its own label so that a link
 * signature can never be mistaken for a room token's, or the other way round.
 */
export class DownloadLinks {
  constructor(
    private readonly secret: string,
    private readonly clock: Clock,
  ) {}

  url(documentId: string): string {
    const exp = Math.floor(this.clock().getTime() / 1000) + DOWNLOAD_LINK_TTL_SECONDS;
    return `/api/documents/${documentId}/download?exp=${exp}&sig=${this.sign(documentId, exp)}`;
  }

  /** Whether the query carries a signature at all (a bad one is refused differently from none). */
  static present({ exp, sig }: DownloadSignature): boolean {
    return exp !== undefined || sig !== undefined;
  }

  /** True for an untampered, unexpired signature of this document. */
  verify(documentId: string, { exp, sig }: DownloadSignature): boolean {
    if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
    const expires = Number(exp);
    if (expires * 1000 <= this.clock().getTime()) return false;
    const expected = Buffer.from(this.sign(documentId, expires));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(documentId: string, exp: number): string {
    return createHmac('sha256', this.secret).update(`incontra-document-download\n${documentId}\n${exp}`).digest('base64url');
  }
}
