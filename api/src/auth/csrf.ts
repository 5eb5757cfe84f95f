import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION } from '@incontra/contracts/constants';
import { IT } from '@incontra/contracts/messages/it';
import { HttpError } from '../http/http-error';
import { csrfCookieOf, setCsrfCookie } from './cookies';
import { bearerTokenOf, sessionTokenOf } from './request-session';
import { sameToken, tokenHash } from './tokens';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOKEN_SHAPE = /^[\w-]{43}\.[\w-]{43}$/;

/** The secret CSRF tokens are signed with, derived from the one the processes already share. */
export function csrfSecret(tokenSecret: string): string {
  return createHmac('sha256', tokenSecret).update('csrf-token').digest('base64url');
}

/**
 * Signed double-submit CSRF tokens bound to the session: `<nonce>.<HMAC(secret, session, nonce)>`.
 * The x-csrf-token header must equal the cookie AND the cookie must be signed for the session
 * cookie the request carries (or for "no session"), so a pair taken from another session, or one
 * an attacker planted, is refused. Bearer calls carry no ambient credentials: they need none.
 */
export class CsrfTokens {
  constructor(private readonly secret: string) {}

  /** onRequest guard for every unsafe method, whatever the path says (encoded, absolute-form, …). */
  readonly guard = (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void => {
    done(this.problem(request) ?? undefined);
  };

  /** Keeps the browser's token while it fits its session, or gives it one that does. Answers the token in force. */
  ensure(request: FastifyRequest, reply: FastifyReply): string {
    const current = csrfCookieOf(request);
    const session = sessionTokenOf(request);
    if (current !== undefined && this.fits(current, session)) return current;
    return this.issue(request, reply, session);
  }

  /** A new token for the session the answer sets (sign-in) or for none (sign-out). */
  issue(request: FastifyRequest, reply: FastifyReply, sessionToken: string | null): string {
    const nonce = randomBytes(32).toString('base64url');
    const token = `${nonce}.${this.sign(sessionToken, nonce)}`;
    setCsrfCookie(request, reply, token);
    return token;
  }

  /**
   * The check of an unsafe call, for a route whose GET changes state (the spec's verb: the point
   * of sale's cancel): its own preValidation calls it, so that the GET is held to what a POST is.
   */
  readonly requireToken = async (request: FastifyRequest): Promise<void> => {
    const problem = this.unsafeCallProblem(request);
    if (problem) throw problem;
  };

  private problem(request: FastifyRequest): HttpError | null {
    if (SAFE_METHODS.has(request.method)) return null;
    return this.unsafeCallProblem(request);
  }

  private unsafeCallProblem(request: FastifyRequest): HttpError | null {
    if (bearerTokenOf(request) !== null) return null;
    // A server-to-server route that authenticates each call itself (Stripe's signed webhook) and
    // reads no cookie: declared on the route, never inferred from the path's spelling.
    if (request.routeOptions.config.csrfExempt === true) return null;
    const cookie = csrfCookieOf(request);
    const header = request.headers[SESSION.csrfHeaderName];
    if (cookie !== undefined && typeof header === 'string' && sameToken(cookie, header) && this.fits(cookie, sessionTokenOf(request))) return null;
    return new HttpError(403, IT.errors.csrf);
  }

  private fits(token: string, sessionToken: string | null): boolean {
    if (!TOKEN_SHAPE.test(token)) return false;
    const [nonce = '', signature = ''] = token.split('.');
    return sameToken(signature, this.sign(sessionToken, nonce));
  }

  private sign(sessionToken: string | null, nonce: string): string {
    const binding = sessionToken === null ? 'anonymous' : `session:${tokenHash(sessionToken)}`;
    return createHmac('sha256', this.secret).update(`${binding}:${nonce}`).digest('base64url');
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route authenticates every call by other means and reads no ambient credential. */
    csrfExempt?: boolean;
  }
  interface FastifyInstance {
    /** Hands tokens out (sign-in, sign-out, /api/me, the shell's page). */
    csrf: CsrfTokens;
  }
}

/** Plugin `csrf`: every unsafe call checked before anything else runs (onRequest), tokens signed with `tokenSecret`'s derivation. */
export const csrfPlugin = fp<{ tokenSecret: string }>(
  async (app, { tokenSecret }) => {
    const csrf = new CsrfTokens(csrfSecret(tokenSecret));
    app.decorate('csrf', csrf);
    app.addHook('onRequest', csrf.guard);
  },
  { name: 'csrf' },
);
