import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION } from '@incontra/contracts/constants';
import { looksLikeToken } from './tokens';

const secure = (request: FastifyRequest) => request.protocol === 'https';

/**
 * A cookie's name as this request's scheme has it: over https the `__Host-` prefix, which the
 * browser honours only for Secure cookies of path / without a Domain. Over plain http (local
 * development) the prefix cannot be used, so the bare name stands.
 */
export function cookieName(request: FastifyRequest, name: string): string {
  return secure(request) ? `${SESSION.secureCookiePrefix}${name}` : name;
}

function baseOptions(request: FastifyRequest) {
  return { path: '/', sameSite: 'lax' as const, secure: secure(request) };
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(cookieName(request, SESSION.cookieName), token, {
    ...baseOptions(request),
    httpOnly: true,
    maxAge: Math.floor(SESSION.absoluteTimeoutMs / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(cookieName(request, SESSION.cookieName), { ...baseOptions(request), httpOnly: true });
}

/** The session cookie under this scheme's name only: a bare-named one planted over https is ignored. */
export function sessionCookieOf(request: FastifyRequest): string | null {
  const value = request.cookies[cookieName(request, SESSION.cookieName)];
  return looksLikeToken(value) ? value : null;
}

export function csrfCookieOf(request: FastifyRequest): string | undefined {
  return request.cookies[cookieName(request, SESSION.csrfCookieName)];
}

/** The CSRF cookie: readable by the page's scripts, which echo it in a header. */
export function setCsrfCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(cookieName(request, SESSION.csrfCookieName), token, { ...baseOptions(request), httpOnly: false });
}
