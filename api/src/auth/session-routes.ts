import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { loginBodySchema, updateMeBodySchema, updatePasswordBodySchema, type LoginResponse, type Me } from '@incontra/contracts/api/auth';
import type { Ok } from '@incontra/contracts/api/common';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import type { RateLimitConfig } from '../config/config';
import { HttpError } from '../http/http-error';
import { parseBody } from '../http/parse-body';
import { requestHost } from '../tenancy/request-host';
import type { TenancyService } from '../tenancy/service';
import type { AuthService } from './auth-service';
import type { Authenticate } from './authenticate';
import { clearSessionCookie, setSessionCookie } from './cookies';
import type { CsrfTokens } from './csrf';
import { toMe } from './me';
import { sessionTokenOf } from './request-session';

export interface SessionRoutesOptions {
  auth: AuthService;
  tenancy: TenancyService;
  authenticate: Authenticate;
  csrf: CsrfTokens;
  limits: RateLimitConfig;
}

/** The account a sign-in attempt targets: the host's company and the username, case-blind. */
function accountKey(request: FastifyRequest): string {
  const username = (request.body as { username?: unknown } | undefined)?.username;
  return `login:${requestHost(request)}:${String(username).trim().toLowerCase()}`;
}

export const sessionRoutes: FastifyPluginAsync<SessionRoutesOptions> = async (app, { auth, tenancy, authenticate, csrf, limits }) => {
  // Failed sign-ins per account: read before checking the password, counted only on failure.
  const accountFailures = app.createRateLimit({ max: limits.accountFailures, timeWindow: limits.accountWindowMs, keyGenerator: accountKey });

  app.post(
    '/api/login',
    { config: { rateLimit: { max: limits.loginPerMinute, timeWindow: 60_000 } } },
    async (request, reply): Promise<LoginResponse> => {
      const body = parseBody(loginBodySchema, request.body);
      const company = await tenancy.requireCompanyByHost(requestHost(request));
      const failures = await accountFailures(request, { increment: false });
      if (!failures.isAllowed && failures.remaining === 0) throw new HttpError(429, IT_BACKOFFICE.tooManyAttempts);
      try {
        const signedIn = await auth.login(company, body, sessionTokenOf(request));
        setSessionCookie(request, reply, signedIn.token);
        // A token seen before sign-in is worthless after: the new one is bound to the new session.
        return { user: signedIn.user, csrfToken: csrf.issue(request, reply, signedIn.token) };
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401) await accountFailures(request);
        throw error;
      }
    },
  );

  app.post('/api/logout', async (request, reply): Promise<Ok> => {
    const token = sessionTokenOf(request);
    const company = await tenancy.companyByHost(requestHost(request));
    if (token && company) await auth.logout(company.id, token);
    clearSessionCookie(request, reply);
    csrf.issue(request, reply, null);
    return { ok: true };
  });

  app.get('/api/me', async (request, reply): Promise<Me> => {
    // The CSRF cookie comes with the first call every app makes, signed in or not.
    csrf.ensure(request, reply);
    const { session } = await authenticate(request);
    return toMe(session.user);
  });

  app.put('/api/me', async (request): Promise<Me> => {
    const body = parseBody(updateMeBodySchema, request.body);
    const { session } = await authenticate(request);
    return auth.updateMe(session, body);
  });

  app.put('/api/me/update-password', async (request): Promise<Ok> => {
    const body = parseBody(updatePasswordBodySchema, request.body);
    const { session } = await authenticate(request);
    await auth.updatePassword(session, body);
    return { ok: true };
  });
};
