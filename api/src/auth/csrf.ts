import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION } from '@incontra/contracts/constants';
import { IT } from '@incontra/contracts/messages/it';
import { HttpError } from '../http/http-error';
import { bearerTokenOf } from './request-session';
import { looksLikeToken, sameToken } from './tokens';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * onRequest guard for every state-changing /api call: the x-csrf-token header must equal the
 * incontra_csrf cookie (double submit). Calls authenticated with a Bearer token carry no ambient
 * credentials, so they need no CSRF token.
 */
export function csrfGuard(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  done(csrfProblem(request) ?? undefined);
}

function csrfProblem(request: FastifyRequest): HttpError | null {
  if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return null;
  if (bearerTokenOf(request) !== null) return null;
  const cookie = request.cookies[SESSION.csrfCookieName];
  const header = request.headers[SESSION.csrfHeaderName];
  if (looksLikeToken(cookie) && typeof header === 'string' && sameToken(cookie, header)) return null;
  return new HttpError(403, IT.errors.csrf);
}
