import { outboxSchema } from '@incontra/contracts/api/mail';
import type { ZodPluginAsync } from '../http/zod-type-provider';
import { requestHost } from '../tenancy/request-host';
import type { TenancyService } from '../tenancy/service';
import type { Mailer } from './mailer';

export interface MailRoutesOptions {
  mailer: Mailer;
  tenancy: TenancyService;
}

/** GET /api/dev/outbox: registered only with OUTBOX_VIEW=true (development, end-to-end tests). */
export const devOutboxRoutes: ZodPluginAsync<MailRoutesOptions> = async (app, { mailer, tenancy }) => {
  app.get('/api/dev/outbox', { schema: { response: { 200: outboxSchema } } }, async (request) => {
    const company = await tenancy.requireCompanyByHost(requestHost(request));
    return mailer.list(company.id);
  });
};
