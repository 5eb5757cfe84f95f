import Fastify, { type FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { PublicCompany } from '@incontra/contracts/api/company';
import { installErrorHandler } from '../src/errors/error-handler';
import { ErrorReporting } from '../src/errors/error-reporting';
import { HttpError } from '../src/http/http-error';
import { installZodCompilers } from '../src/http/zod-type-provider';
import { registerPublicRoutes } from '../src/tenancy/public-scope';
import { companyNotFound, type TenancyService } from '../src/tenancy/service';

/*
 * The public scope on its own: a bare Fastify app, a tenancy that knows two hosts. The product's
 * routes inside it are covered by their own suites (same statuses and bodies as before).
 */

const demo = { id: 'company-demo', name: 'Demo' } as PublicCompany;
const acme = { id: 'company-acme', name: 'Acme' } as PublicCompany;
const companies: Record<string, PublicCompany> = { 'demo.localhost': demo, 'acme.localhost': acme };

let app: FastifyInstance;
let lookups: (string | null)[];
beforeEach(async () => {
  lookups = [];
  app = Fastify();
  installZodCompilers(app);
  installErrorHandler(app, new ErrorReporting({ capture: () => undefined, flush: async () => true }));
  const tenancy = {
    requireCompanyByHost: async (host: string | null) => {
      lookups.push(host);
      const company = host === null ? undefined : companies[host];
      if (!company) throw companyNotFound();
      return company;
    },
  } as unknown as TenancyService;
  const tokenFirst = async (request: { headers: Record<string, unknown> }) => {
    if (request.headers.authorization === undefined) throw new HttpError(401, 'token');
  };
  await registerPublicRoutes(app, tenancy, async (scope) => {
    scope.post('/by-host', { schema: { body: z.object({ name: z.string() }) } }, async (request) => ({
      company: request.company.id,
      again: request.company === request.company,
    }));
    scope.get('/with-token', { preValidation: tokenFirst }, async (request) => ({ company: request.company.id }));
  });
  await registerPublicRoutes(
    app,
    tenancy,
    async (scope) => {
      scope.get('/api/config/who', async (request) => ({ company: request.company.id }));
    },
    {
      origin: true,
    },
  );
  app.get('/outside', async (request) => ({ company: request.company.id }));
  await app.ready();
});
afterEach(() => app.close());

describe('registerPublicRoutes', () => {
  it("puts the host's company on the request, looked up once", async () => {
    const response = await app.inject({ method: 'POST', url: '/by-host', headers: { host: 'acme.localhost:8080' }, payload: { name: 'x' } });
    expect(response.json()).toEqual({ company: 'company-acme', again: true });
    expect(lookups).toEqual(['acme.localhost']);
  });

  it('answers 404 for a host of no company, after the schemas and the route’s own checks', async () => {
    const unknown = await app.inject({ method: 'POST', url: '/by-host', headers: { host: 'nobody.localhost' }, payload: { name: 'x' } });
    expect(unknown.json()).toMatchObject({ statusCode: 404, message: companyNotFound().message });
    expect((await app.inject({ method: 'POST', url: '/by-host', headers: { host: 'nobody.localhost' }, payload: {} })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/with-token', headers: { host: 'nobody.localhost' } })).statusCode).toBe(401);
    expect(lookups).toEqual(['nobody.localhost']);
  });

  it('reads x-origin where the scope says so, the Host elsewhere', async () => {
    const config = await app.inject({ method: 'GET', url: '/api/config/who', headers: { host: 'demo.localhost', 'x-origin': 'https://acme.localhost' } });
    expect(config.json()).toEqual({ company: 'company-acme' });
    const withToken = await app.inject({
      method: 'GET',
      url: '/with-token',
      headers: { host: 'demo.localhost', 'x-origin': 'https://acme.localhost', authorization: 'x' },
    });
    expect(withToken.json()).toEqual({ company: 'company-demo' });
  });

  it('has no company outside a public scope', async () => {
    expect((await app.inject({ method: 'GET', url: '/outside', headers: { host: 'demo.localhost' } })).statusCode).toBe(500);
    expect(lookups).toEqual([]);
  });
});
