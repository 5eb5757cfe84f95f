import type { FastifyRequest } from 'fastify';
import { passwordResetBodySchema, passwordResetRequestBodySchema } from '@incontra/contracts/api/auth';
import { okSchema, type Ok } from '@incontra/contracts/api/common';
import { IT } from '@incontra/contracts/messages/it';
import type { RateLimitConfig } from '../config/config';
import { HttpError } from '../http/http-error';
import type { ZodPluginAsync } from '../http/zod-type-provider';
import { publicOrigin } from '../tenancy/public-origin';
import { requestHost } from '../tenancy/request-host';
import { registerPublicRoutes } from '../tenancy/public-scope';
import type { TenancyService } from '../tenancy/service';
import type { PasswordResetService } from './password-reset-service';

export interface PasswordResetRoutesOptions {
  resets: PasswordResetService;
  tenancy: TenancyService;
  limits: RateLimitConfig;
  /** PUBLIC_URL: links lead to the company's host in this origin. */
  publicUrl: string;
}

function emailKey(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `reset:${requestHost(request)}:${String(email).trim().toLowerCase()}`;
}

export const passwordResetRoutes: ZodPluginAsync<PasswordResetRoutesOptions> = async (app, { resets, tenancy, limits, publicUrl }) => {
  const perIp = { config: { rateLimit: { max: limits.resetRequestsPerMinute, timeWindow: 60_000 } } };
  const perEmail = app.createRateLimit({ max: limits.resetRequestsPerEmail, timeWindow: limits.resetEmailWindowMs, keyGenerator: emailKey });

  await registerPublicRoutes(app, tenancy, async (scope) => {
    scope.put(
      '/api/password-reset-request',
      { ...perIp, schema: { body: passwordResetRequestBodySchema, response: { 200: okSchema } } },
      async (request): Promise<Ok> => {
        const limit = await perEmail(request);
        if (!limit.isAllowed && limit.isExceeded) throw new HttpError(429, IT.errors.tooManyRequests);
        resets.accept(request.company, request.body, publicOrigin(publicUrl, request));
        return { ok: true };
      },
    );

    scope.post('/api/password-reset', { ...perIp, schema: { body: passwordResetBodySchema, response: { 200: okSchema } } }, async (request): Promise<Ok> => {
      await resets.reset(request.company, request.body);
      return { ok: true };
    });
  });
};
