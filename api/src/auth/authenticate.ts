import type { FastifyRequest } from 'fastify';
import type { PublicCompany } from '@incontra/contracts/api/company';
import { requestHost } from '../tenancy/request-host';
import type { TenancyService } from '../tenancy/service';
import { unauthorized } from './auth-service';
import { sessionTokenOf } from './request-session';
import type { ActiveSession, SessionService } from './session-service';

export interface Authenticated {
  company: PublicCompany;
  session: ActiveSession;
}

export type Authenticate = (request: FastifyRequest) => Promise<Authenticated>;

/**
 * The signed-in staff member of the request's company (by Host), or 401. A session of another
 * company is looked up under this company's tenant and so is simply not found.
 */
export function createAuthenticate(tenancy: TenancyService, sessions: SessionService): Authenticate {
  return async (request) => {
    const company = await tenancy.requireCompanyByHost(requestHost(request));
    const token = sessionTokenOf(request);
    const session = token ? await sessions.resolve(company.id, token) : null;
    if (!session) throw unauthorized();
    return { company, session };
  };
}
