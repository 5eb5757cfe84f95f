import type { FastifyRequest } from 'fastify';
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
export async function csrfGuard(request: FastifyRequest): Promise<void> {
  if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
  if (bearerTokenOf(request) !== null) return;
  const cookie = request.cookies[SESSION.csrfCookieName];
  const header = request.headers[SESSION.csrfHeaderName];
  if (looksLikeToken(cookie) && typeof header === 'string' && sameToken(cookie, header)) return;
  throw new HttpError(403, IT.errors.csrf);
}
