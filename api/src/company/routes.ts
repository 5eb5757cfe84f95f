import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { publicCompanySchema, type PublicCompany } from '@incontra/contracts/api/company';
import {
  companyUpdateBodySchema,
  privacyBodySchema,
  privacySchema,
  tosBodySchema,
  tosSchema,
  wallBodySchema,
  wallSchema,
} from '@incontra/contracts/api/company-management';
import { idParam } from '@incontra/contracts/api/common';
import { IT } from '@incontra/contracts/messages/it';
import { registerStaffRoutes } from '../auth/staff-scope';
import type { ZodPluginAsync } from '../http/zod-type-provider';
import { originOrRequestHost } from '../tenancy/request-host';
import { CompanyService, notFound } from './service';

// Ids are compared with the signed-in (or the host's) company: anything else is not found, a
// malformed id alike.
const idParams = z.object({ id: idParam(IT.errors.notFound) });

/** The company's data, look, time zone, privacy, terms and walls; editor images. */
const companyRoutes: ZodPluginAsync<Record<never, never>> = async (app) => {
  const company = new CompanyService(app.db, app.tenancy);

  /** The public reads: the host's company, by its own id only. */
  async function hostCompany(request: FastifyRequest, id: string): Promise<PublicCompany> {
    const found = await app.tenancy.companyByHost(originOrRequestHost(request));
    if (!found || found.id !== id.toLowerCase()) throw notFound();
    return found;
  }

  app.get('/api/company/:id/privacy', { schema: { params: idParams, response: { 200: privacySchema } } }, async (request) => ({
    privacyPolicy: (await hostCompany(request, request.params.id)).privacyPolicy,
  }));

  app.get('/api/company/:id/tos', { schema: { params: idParams, response: { 200: tosSchema } } }, async (request) => ({
    tosPolicy: (await hostCompany(request, request.params.id)).tosPolicy,
  }));

  await registerStaffRoutes(app, app.authenticate, async (staff) => {
    /** The signed-in staff member, on a path naming their own company; 404 for any other. */
    const ownCompany = (request: FastifyRequest & { params: { id: string } }) => {
      if (request.params.id.toLowerCase() !== request.staff.company.id) throw notFound();
      return request.staff;
    };

    staff.post('/api/company/:id', { schema: { params: idParams, body: companyUpdateBodySchema, response: { 200: publicCompanySchema } } }, async (request) =>
      company.update(ownCompany(request), request.body),
    );

    staff.post('/api/company/:id/privacy', { schema: { params: idParams, body: privacyBodySchema, response: { 200: privacySchema } } }, async (request) => ({
      privacyPolicy: await company.setText(ownCompany(request), 'privacyPolicy', request.body.privacyPolicy),
    }));

    staff.post('/api/company/:id/tos', { schema: { params: idParams, body: tosBodySchema, response: { 200: tosSchema } } }, async (request) => ({
      tosPolicy: await company.setText(ownCompany(request), 'tosPolicy', request.body.tosPolicy),
    }));

    staff.post('/api/company/:id/wall', { schema: { params: idParams, body: wallBodySchema, response: { 200: wallSchema } } }, async (request) => ({
      wall: await company.setText(ownCompany(request), 'wall', request.body.wall),
    }));

    staff.post('/api/store/:id/wall', { schema: { params: idParams, body: wallBodySchema, response: { 200: wallSchema } } }, async (request) => ({
      wall: await company.setStoreWall(request.staff, request.params.id, request.body.wall),
    }));
  });
};

/** Plugin `company`: builds its services from the core's decorations and registers its routes. */
export const companyPlugin = fp(companyRoutes, { name: 'company', dependencies: ['core', 'tenancy', 'auth'] });
