import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Compact HS256 JWTs written with node:crypto, for the tokens this server signs and checks itself
 * (the `local` engine's room tokens, the webinars' join tokens). Only the one header this server
 * writes is accepted, so `alg: none` or an algorithm swap never verifies; what the payload must
 * hold is the caller's schema.
 */

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

function signatureOf(signingInput: string, secret: string): string {
  return createHmac('sha256', secret).update(signingInput).digest('base64url');
}

/** Seconds since the epoch, as JWT `iat`/`exp` count. */
export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** `payload` (its keys in the order given) signed with `secret`. */
export function signCompactJwt(payload: Record<string, unknown>, secret: string): string {
  const signingInput = `${HEADER}.${base64url(JSON.stringify(payload))}`;
  return `${signingInput}.${signatureOf(signingInput, secret)}`;
}

export type CompactJwtCheck = { ok: true; payload: unknown } | { ok: false; problem: 'malformed' | 'bad-signature' };

/**
 * The decoded payload of a token this server signed with `secret`. The signature is compared in
 * constant time, on the base64url text itself so that no second spelling of the same bytes is
 * accepted. Expiry and shape are the caller's to check.
 */
export function verifyCompactJwt(token: string, secret: string): CompactJwtCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, problem: 'malformed' };
  const [header, payload, signature] = parts as [string, string, string];
  if (header !== HEADER) return { ok: false, problem: 'malformed' };
  const expected = Buffer.from(signatureOf(`${header}.${payload}`, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, problem: 'bad-signature' };
  try {
    return { ok: true, payload: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) };
  } catch {
    return { ok: false, problem: 'malformed' };
  }
}
