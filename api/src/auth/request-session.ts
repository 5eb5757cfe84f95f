import type { FastifyRequest } from 'fastify';
import { sessionCookieOf } from './cookies';
import { looksLikeToken } from './tokens';

export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The session token a request presents. With an Authorization header only the Bearer token
 * counts, never the cookie: that is what makes such calls CSRF-exempt.
 */
export function sessionTokenOf(request: FastifyRequest): string | null {
  if (request.headers.authorization !== undefined) {
    const bearer = bearerTokenOf(request);
    return looksLikeToken(bearer) ? bearer : null;
  }
  return sessionCookieOf(request);
}
