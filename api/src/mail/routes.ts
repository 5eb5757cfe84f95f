import * as z from 'zod/mini';
import { idParam } from '@incontra/contracts/api/common';
import { outboxSchema, undeliveredMailSchema, undeliveredMailsSchema } from '@incontra/contracts/api/mail';
import { IT } from '@incontra/contracts/messages/it';
import type { Authenticate } from '../auth/authenticate';
import { registerStaffRoutes } from '../auth/staff-scope';
import type { ZodPluginAsync } from '../http/zod-type-provider';
import { registerPublicRoutes } from '../tenancy/public-scope';
import type { TenancyService } from '../tenancy/service';
import type { Mailer } from './mailer';

export interface MailRoutesOptions {
  mailer: Mailer;
  tenancy: TenancyService;
}

/** GET /api/dev/outbox: registered only with OUTBOX_VIEW=true (development, end-to-end tests). */
export const devOutboxRoutes: ZodPluginAsync<MailRoutesOptions> = async (app, { mailer, tenancy }) => {
  await registerPublicRoutes(app, tenancy, async (scope) => {
    scope.get('/api/dev/outbox', { schema: { response: { 200: outboxSchema } } }, async (request) => mailer.list(request.company.id));
  });
};

/** The company's undelivered e-mails for its admins: the list, and a retry of one now. */
export const undeliveredMailRoutes: ZodPluginAsync<{ mailer: Mailer; authenticate: Authenticate }> = async (app, { mailer, authenticate }) => {
  await registerStaffRoutes(app, authenticate, async (staff) => {
    staff.get('/api/bo/mail/undelivered', { schema: { response: { 200: undeliveredMailsSchema } } }, async (request) =>
      mailer.undelivered(request.staff.company.id),
    );
    staff.post(
      '/api/bo/mail/undelivered/:id/retry',
      { schema: { params: z.object({ id: idParam(IT.errors.mailNotFound) }), response: { 200: undeliveredMailSchema } } },
      async (request) => mailer.retry(request.staff.company.id, request.params.id),
    );
  });
};
