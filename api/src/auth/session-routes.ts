import { loginBodySchema, loginResponseSchema, meSchema, updateMeBodySchema, updatePasswordBodySchema } from '@incontra/contracts/api/auth';
import { okSchema, type Ok } from '@incontra/contracts/api/common';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import type { RateLimitConfig } from '../config/config';
import { HttpError } from '../http/http-error';
import type { ZodPluginAsync } from '../http/zod-type-provider';
import { requestHost } from '../tenancy/request-host';
import { registerPublicRoutes } from '../tenancy/public-scope';
import type { TenancyService } from '../tenancy/service';
import type { AuthService } from './auth-service';
import type { Authenticate } from './authenticate';
import { clearSessionCookie, setSessionCookie } from './cookies';
import type { CsrfTokens } from './csrf';
import type { LoginThrottle } from './login-throttle';
import { toMe } from './me';
import { sessionTokenOf } from './request-session';
import { registerStaffRoutes } from './staff-scope';

export interface SessionRoutesOptions {
  auth: AuthService;
  tenancy: TenancyService;
  authenticate: Authenticate;
  csrf: CsrfTokens;
  limits: RateLimitConfig;
  throttle: LoginThrottle;
}

export const sessionRoutes: ZodPluginAsync<SessionRoutesOptions> = async (app, { auth, tenancy, authenticate, csrf, limits, throttle }) => {
  const loginLimit = { rateLimit: { max: limits.loginPerMinute, timeWindow: 60_000 } };
  await registerPublicRoutes(app, tenancy, async (scope) => {
    scope.post('/api/login', { config: loginLimit, schema: { body: loginBodySchema, response: { 200: loginResponseSchema } } }, async (request, reply) => {
      const { body, company } = request;
      const claim = await throttle.claim(company.id, body.username);
      if (!claim.allowed) {
        reply.header('retry-after', Math.ceil(claim.retryAfterMs / 1000));
        throw new HttpError(429, IT_BACKOFFICE.tooManyAttempts);
      }
      const signedIn = await auth.login(company, body, sessionTokenOf(request));
      await throttle.giveBack(company.id, body.username);
      setSessionCookie(request, reply, signedIn.token);
      // A token seen before sign-in is worthless after: the new one is bound to the new session.
      return { user: signedIn.user, csrfToken: csrf.issue(request, reply, signedIn.token) };
    });
  });

  app.post('/api/logout', { schema: { response: { 200: okSchema } } }, async (request, reply): Promise<Ok> => {
    const token = sessionTokenOf(request);
    const company = await tenancy.companyByHost(requestHost(request));
    if (token && company) await auth.logout(company.id, token);
    clearSessionCookie(request, reply);
    csrf.issue(request, reply, null);
    return { ok: true };
  });

  // Outside the staff scope: the CSRF cookie comes with the first call every app makes, signed in
  // or not, so it is handed out before the session is checked.
  app.get('/api/me', { schema: { response: { 200: meSchema } } }, async (request, reply) => {
    csrf.ensure(request, reply);
    const { user } = await authenticate(request);
    return toMe(user);
  });

  await registerStaffRoutes(app, authenticate, async (staff) => {
    staff.put('/api/me', { schema: { body: updateMeBodySchema, response: { 200: meSchema } } }, async (request) => auth.updateMe(request.staff, request.body));

    staff.put('/api/me/update-password', { schema: { body: updatePasswordBodySchema, response: { 200: okSchema } } }, async (request): Promise<Ok> => {
      await auth.updatePassword(request.staff, request.body);
      return { ok: true };
    });
  });
};
