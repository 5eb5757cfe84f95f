import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: session ids, CSRF tokens and reset tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function looksLikeToken(value: unknown): value is string {
  return typeof value === 'string' && /^[\w-]{43}$/.test(value);
}

export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
