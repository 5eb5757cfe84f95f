import {
  posCreateBodySchema,
  posCreatedSchema,
  posCreateFormSchema,
  posIdParams,
  posListQuerySchema,
  posListSchema,
  posPaymentSchema,
  posRequestQuerySchema,
  posRequestViewSchema,
  posSettingsBodySchema,
  posSettingsSchema,
  type PosList,
} from '@incontra/contracts/api/pos';
import type { Authenticate } from '../auth/authenticate';
import type { CsrfTokens } from '../auth/csrf';
import { registerStaffRoutes } from '../auth/staff-scope';
import type { ZodPluginAsync } from '../http/zod-type-provider';
import { registerPublicRoutes } from '../tenancy/public-scope';
import type { TenancyService } from '../tenancy/service';
import type { PosLists } from './lists';
import type { PosRequests } from './requests';
import type { PosSettingsService } from './settings';

/** The customer's reads of a link (and its verify) per address and minute. */
export const POS_PUBLIC_CALLS_PER_MINUTE = 60;

export interface PosRoutesOptions {
  requests: PosRequests;
  lists: PosLists;
  settings: PosSettingsService;
  authenticate: Authenticate;
  tenancy: TenancyService;
  csrf: CsrfTokens;
}

/** A file to save, never shown inline nor kept by a shared cache. */
const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

/**
 * `/api/pos/*`: the staff's requests (the stores they serve; takePayments), the company's setting
 * (admins), and the customer's two reads by the link's token on the company's site.
 */
export const posRoutes: ZodPluginAsync<PosRoutesOptions> = async (app, { requests, lists, settings, authenticate, tenancy, csrf }) => {
  await registerStaffRoutes(app, authenticate, async (staff) => {
    staff.get('/api/pos/create', { schema: { response: { 200: posCreateFormSchema } } }, async (request) => requests.form(request.staff));

    staff.post('/api/pos/create-payment', { schema: { body: posCreateBodySchema, response: { 200: posCreatedSchema } } }, async (request) =>
      requests.create(request.staff, request.body, request.ip),
    );

    staff.get('/api/pos/payment', { schema: { querystring: posListQuerySchema, response: { 200: posListSchema } } }, async (request, reply) => {
      if (request.query.format !== 'csv') return lists.page(request.staff, request.query);
      const { fileName, body } = await lists.csv(request.staff, request.query);
      // A text of another type is sent as it is: the JSON contract's serializer never sees it (the type only knows the JSON answer).
      const csv = body as unknown as PosList;
      return reply.type('text/csv; charset=utf-8').header('content-disposition', attachment(fileName)).header('cache-control', 'private, no-store').send(csv);
    });

    staff.get('/api/pos/payment/:id', { schema: { params: posIdParams, response: { 200: posPaymentSchema } } }, async (request) =>
      requests.read(request.staff, request.params.id),
    );

    // The spec's verb is GET, yet it changes state: it is held to a POST's CSRF check (after the
    // sign-in's, so signed out is still 401), and it has no HEAD twin that would skip it.
    staff.get(
      '/api/pos/payment/:id/cancel',
      { exposeHeadRoute: false, preValidation: csrf.requireToken, schema: { params: posIdParams, response: { 200: posPaymentSchema } } },
      async (request) => requests.cancel(request.staff, request.params.id),
    );

    staff.get('/api/pos/payment/:id/verify', { schema: { params: posIdParams, response: { 200: posPaymentSchema } } }, async (request) =>
      requests.verify(request.staff, request.params.id),
    );

    staff.get('/api/pos/settings', { schema: { response: { 200: posSettingsSchema } } }, async (request) => settings.read(request.staff.company.id));

    staff.put('/api/pos/settings', { schema: { body: posSettingsBodySchema, response: { 200: posSettingsSchema } } }, async (request) =>
      settings.change(request.staff, request.body.expiryHours),
    );
  });

  const limited = { config: { rateLimit: { max: POS_PUBLIC_CALLS_PER_MINUTE, timeWindow: 60_000 } } };
  await registerPublicRoutes(app, tenancy, async (scope) => {
    scope.get('/api/pos/request', { ...limited, schema: { querystring: posRequestQuerySchema, response: { 200: posRequestViewSchema } } }, async (request) =>
      requests.customerRequest(request.company, request.query.token),
    );
    scope.get('/api/pos/verify/', { ...limited, schema: { querystring: posRequestQuerySchema, response: { 200: posRequestViewSchema } } }, async (request) =>
      requests.customerVerify(request.company, request.query.token),
    );
  });
};
