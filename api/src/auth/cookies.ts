import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION } from '@incontra/contracts/constants';
import { looksLikeToken, newToken } from './tokens';

function baseOptions(request: FastifyRequest) {
  return { path: '/', sameSite: 'lax' as const, secure: request.protocol === 'https' };
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION.cookieName, token, {
    ...baseOptions(request),
    httpOnly: true,
    maxAge: Math.floor(SESSION.absoluteTimeoutMs / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION.cookieName, { ...baseOptions(request), httpOnly: true });
}

export function sessionCookieOf(request: FastifyRequest): string | null {
  const value = request.cookies[SESSION.cookieName];
  return looksLikeToken(value) ? value : null;
}

/** The double-submit CSRF cookie: readable by the page's scripts, which echo it in a header. */
function setCsrfCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION.csrfCookieName, token, { ...baseOptions(request), httpOnly: false });
}

/** Keeps the browser's CSRF token, or gives it one. Answers the token in force. */
export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply): string {
  const current = request.cookies[SESSION.csrfCookieName];
  if (looksLikeToken(current)) return current;
  return rotateCsrfCookie(request, reply);
}

/** A new CSRF token, given at sign-in so that a token seen before it is worthless after. */
export function rotateCsrfCookie(request: FastifyRequest, reply: FastifyReply): string {
  const token = newToken();
  setCsrfCookie(request, reply, token);
  return token;
}
