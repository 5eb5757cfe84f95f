import type { FastifyPluginAsync } from 'fastify';
import type { Outbox } from '@incontra/contracts/api/mail';
import { requestHost } from '../tenancy/request-host';
import type { TenancyService } from '../tenancy/service';
import type { Mailer } from './mailer';

export interface MailRoutesOptions {
  mailer: Mailer;
  tenancy: TenancyService;
}

/** GET /api/dev/outbox: registered only with OUTBOX_VIEW=true (development, end-to-end tests). */
export const devOutboxRoutes: FastifyPluginAsync<MailRoutesOptions> = async (app, { mailer, tenancy }) => {
  app.get('/api/dev/outbox', async (request): Promise<Outbox> => {
    const company = await tenancy.requireCompanyByHost(requestHost(request));
    return mailer.list(company.id);
  });
};
