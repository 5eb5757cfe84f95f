import * as z from 'zod/mini';
import { idParam, idSchema } from '@incontra/contracts/api/common';
import { IT } from '@incontra/contracts/messages/it';
import { companyConfigSchema, roomTranslationsSchema, storeConfigSchema } from '@incontra/contracts/api/stores';
import type { ZodPluginAsync } from '../http/zod-type-provider';
import { normalizeHost } from './host';
import { registerPublicRoutes } from './public-scope';
import { originOrRequestHost } from './request-host';
import type { PublicConfigReads } from './public-config';
import type { TenancyService } from './service';

export interface TenancyRoutesOptions {
  tenancy: TenancyService;
  publicConfig: PublicConfigReads;
}

// A malformed id is not found, like an unknown one.
const storeParams = z.object({ storeId: idParam(IT.errors.notFound) });
const roomParams = z.object({ id: idParam(IT.errors.notFound) });

/** The public reads: anyone on a company's host may make them, no session needed. */
export const tenancyRoutes: ZodPluginAsync<TenancyRoutesOptions> = async (app, { tenancy, publicConfig }) => {
  // The hottest call of the product: the answer is PublicCompany, serialised once per cache entry
  // (so it has no response schema: the cached JSON is sent as it is). The same path by id (no host
  // is shaped like a UUID) answers the company of the request's host, when it is that one.
  app.get('/api/company/:host', { schema: { params: z.object({ host: z.string() }) } }, async (request, reply) => {
    const { host } = request.params;
    const json = idSchema.safeParse(host).success
      ? await tenancy.requireCompanyJsonById(originOrRequestHost(request), host)
      : await tenancy.requireCompanyJsonByHost(normalizeHost(host));
    return reply.type('application/json; charset=utf-8').send(json);
  });

  await registerPublicRoutes(
    app,
    tenancy,
    async (scope) => {
      scope.get('/api/config/company', { schema: { response: { 200: companyConfigSchema } } }, async (request) => publicConfig.companyConfig(request.company));

      scope.get('/api/config/store/:storeId', { schema: { params: storeParams, response: { 200: storeConfigSchema } } }, async (request) =>
        publicConfig.storeConfig(request.company.id, request.params.storeId),
      );

      scope.get('/api/room/:id/translations', { schema: { params: roomParams, response: { 200: roomTranslationsSchema } } }, async (request) =>
        publicConfig.roomTranslations(request.company.id, request.params.id),
      );
    },
    { origin: true },
  );
};
