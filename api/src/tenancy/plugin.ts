import fp from 'fastify-plugin';
import { PublicConfigReads } from './public-config';
import { tenancyRoutes } from './routes';
import { TenancyService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Which company a host is (cached a few seconds, dropped by the company's changes) and its public reads. */
    tenancy: TenancyService;
  }
}

/**
 * Plugin `tenancy`: the company of a host and the visitors' public reads. Its host cache hears the
 * companies' changes (the core's CompanyChanges): a company changed here or in another process is
 * read afresh, and everything is after a lost broker connection.
 */
export const tenancyPlugin = fp(
  async (app) => {
    const tenancy = new TenancyService({ db: app.db, clock: app.clock });
    app.companyChanges.onChange((companyId) => (companyId ? tenancy.dropCompany(companyId) : tenancy.forget()));
    app.decorate('tenancy', tenancy);
    await app.register(tenancyRoutes, { tenancy, publicConfig: new PublicConfigReads({ tenancy, cache: app.cache }) });
  },
  { name: 'tenancy', dependencies: ['core'] },
);
