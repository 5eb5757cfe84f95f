import type { RawData } from 'ws';
import { TokenBucket } from './token-bucket';

/** What a session's contract schema offers (zod's `safeParse`), whatever the message type. */
export interface FrameSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

export interface FrameLimits {
  maxMessageBytes: number;
  /** Token bucket per socket: burst and refill per second. */
  rateBurst: number;
  ratePerSecond: number;
  /** Refused messages tolerated before the session closes the socket. */
  maxBadMessages: number;
}

/** Why a frame was refused: the reasons both sockets' `bad` messages share. */
export type FrameRefusal = 'rate-limited' | 'too-large' | 'malformed';

export type Frame<T> = { ok: true; message: T } | { ok: false; refusal: FrameRefusal };

export function byteLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((total, chunk) => total + chunk.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

export function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

/** A text frame holding JSON the schema accepts; anything else (binary, not JSON, not valid) is null. */
export function parseFrame<T>(data: RawData, isBinary: boolean, schema: FrameSchema<T>): T | null {
  if (isBinary) return null;
  let json: unknown;
  try {
    json = JSON.parse(textOf(data));
  } catch {
    return null;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * The door every message of one socket goes through, in the order that keeps a flood cheap:
 * the rate first (a token of the socket's bucket), then the size, then the parse. It also
 * counts the refusals, so that the session can close a socket that keeps sending junk; what
 * it answers (`bad`, silence, which close code) stays the session's business.
 */
export class FrameGate<T> {
  private readonly bucket: TokenBucket;
  private badMessages = 0;

  constructor(
    private readonly schema: FrameSchema<T>,
    private readonly limits: FrameLimits,
  ) {
    this.bucket = new TokenBucket({ burst: limits.rateBurst, perSecond: limits.ratePerSecond });
  }

  read(data: RawData, isBinary: boolean): Frame<T> {
    if (!this.bucket.take()) return { ok: false, refusal: 'rate-limited' };
    if (byteLength(data) > this.limits.maxMessageBytes) return { ok: false, refusal: 'too-large' };
    const message = parseFrame(data, isBinary, this.schema);
    return message === null ? { ok: false, refusal: 'malformed' } : { ok: true, message };
  }

  /**
   * Counts a refused message (`weight` 0 for one a well-behaved client can cause by a race);
   * true once more than `maxBadMessages` have piled up.
   */
  strike(weight = 1): boolean {
    this.badMessages += weight;
    return this.badMessages > this.limits.maxBadMessages;
  }
}
