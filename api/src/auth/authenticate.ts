import type { FastifyRequest } from 'fastify';
import type { PublicCompany } from '@incontra/contracts/api/company';
import { publicOrigin } from '../tenancy/public-origin';
import { requestHost } from '../tenancy/request-host';
import type { TenancyService } from '../tenancy/service';
import { unauthorized } from './auth-service';
import { sessionTokenOf } from './request-session';
import type { SessionService } from './session-service';
import type { UserRow } from '../users/facade';

/**
 * Who makes a staff call, built once per request by authenticate and put on `request.staff`: the
 * one caller type every domain's service takes. The stores they serve are not in it: queries
 * filter by them in SQL (tenancy/store-scope servesStoreWhere), in the same statement as the rows.
 */
export interface StaffContext {
  company: PublicCompany;
  /** The user as their session knows them, role included. */
  user: UserRow;
  /** The session's id (the token's hash): a new password ends every other session but this one. */
  sessionId: string;
  /** The company's public origin for this call: links in e-mails lead there (see publicOrigin). */
  origin: string;
}

export type Authenticate = (request: FastifyRequest) => Promise<StaffContext>;

/**
 * The signed-in staff member of the request's company (by Host), or 401. A session of another
 * company is looked up under this company's tenant and so is simply not found.
 */
export function createAuthenticate(tenancy: TenancyService, sessions: SessionService, publicUrl: string): Authenticate {
  return async (request) => {
    const company = await tenancy.requireCompanyByHost(requestHost(request));
    const token = sessionTokenOf(request);
    const session = token ? await sessions.resolve(company.id, token) : null;
    if (!session) throw unauthorized();
    return { company, user: session.user, sessionId: session.id, origin: publicOrigin(publicUrl, request) };
  };
}
