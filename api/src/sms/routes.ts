import type { FastifyPluginAsync } from 'fastify';
import type { SmsOutbox as SmsOutboxList } from '@incontra/contracts/api/sms';
import { requestHost } from '../tenancy/request-host';
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
export const devSmsOutboxRoutes: FastifyPluginAsync<SmsRoutesOptions> = async (app, { outbox, tenancy }) => {
  app.get('/api/dev/sms-outbox', async (request): Promise<SmsOutboxList> => {
    const company = await tenancy.requireCompanyByHost(requestHost(request));
    return outbox.list(company.id);
  });
};
