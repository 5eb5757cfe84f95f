import { smsOutboxSchema } from '@incontra/contracts/api/sms';
import type { ZodPluginAsync } from '../http/zod-type-provider';
import { registerPublicRoutes } from '../tenancy/public-scope';
import type { TenancyService } from '../tenancy/service';
import type { SmsOutbox } from './sms-outbox';

export interface SmsRoutesOptions {
  outbox: SmsOutbox;
  tenancy: TenancyService;
}

/**
 * GET /api/dev/sms-outbox: registered only with OUTBOX_VIEW=true (development, end-to-end tests,
 * which read verification codes from it). It shows codes in clear: never in production.
 */
export const devSmsOutboxRoutes: ZodPluginAsync<SmsRoutesOptions> = async (app, { outbox, tenancy }) => {
  await registerPublicRoutes(app, tenancy, async (scope) => {
    scope.get('/api/dev/sms-outbox', { schema: { response: { 200: smsOutboxSchema } } }, async (request) => outbox.list(request.company.id));
  });
};
