import type { FastifyPluginAsync } from 'fastify';
import type { CompanyConfig, RoomTranslation, StoreConfig } from '@incontra/contracts/api/stores';
import { normalizeHost } from './host';
import { originOrRequestHost } from './request-host';
import type { TenancyService } from './service';

export interface TenancyRoutesOptions {
  tenancy: TenancyService;
}

/** The public reads: anyone on a company's host may make them, no session needed. */
export const tenancyRoutes: FastifyPluginAsync<TenancyRoutesOptions> = async (app, { tenancy }) => {
  // The hottest call of the product: the answer is PublicCompany, serialised once per cache entry.
  app.get<{ Params: { host: string } }>('/api/company/:host', async (request, reply) => {
    const json = await tenancy.requireCompanyJsonByHost(normalizeHost(request.params.host));
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.get('/api/config/company', async (request): Promise<CompanyConfig> => {
    const company = await tenancy.requireCompanyByHost(originOrRequestHost(request));
    return tenancy.companyConfig(company);
  });

  app.get<{ Params: { storeId: string } }>('/api/config/store/:storeId', async (request): Promise<StoreConfig> => {
    const company = await tenancy.requireCompanyByHost(originOrRequestHost(request));
    return tenancy.storeConfig(company.id, request.params.storeId);
  });

  app.get<{ Params: { id: string } }>('/api/room/:id/translations', async (request): Promise<RoomTranslation[]> => {
    const company = await tenancy.requireCompanyByHost(originOrRequestHost(request));
    return tenancy.roomTranslations(company.id, request.params.id);
  });
};
