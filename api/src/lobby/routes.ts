import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  createInvitationBodySchema,
  invitationJoinRequestBodySchema,
  reservationJoinRequestBodySchema,
  sendJoinRequestBodySchema,
  sendVerificationCodeBodySchema,
  staffMessageBodySchema,
  verifyCodeBodySchema,
  type ApprovedJoinRequest,
  type Invitation,
  type LiveQueue,
  type SentJoinRequest,
  type StaffJoinRequest,
  type VerificationCodeSent,
  type VisitorJoinRequest,
} from '@incontra/contracts/api/join-requests';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import type { Authenticate } from '../auth/authenticate';
import { bearerTokenOf } from '../auth/request-session';
import { registerStaffRoutes } from '../auth/staff-scope';
import type { LobbyConfig } from '../config/config';
import { HttpError } from '../http/http-error';
import { parseBody } from '../http/parse-body';
import { publicOrigin } from '../tenancy/public-origin';
import { requestHost } from '../tenancy/request-host';
import type { TenancyService } from '../tenancy/service';
import type { JoinRequestService } from './service';
import type { VisitorCall } from './verification-calls';
import { requireRequestId } from './visitor-access';

export interface LobbyRoutesOptions {
  lobby: JoinRequestService;
  tenancy: TenancyService;
  authenticate: Authenticate;
  limits: LobbyConfig;
  /** PUBLIC_URL: invitation links lead to the company's host in this origin. */
  publicUrl: string;
}

type WithId = { Params: { id: string } };

/**
 * The visitor's calls about its own request carry its visitor token as a Bearer header: none at
 * all is 401 (visitorTokenRequired); a wrong one is 404 like an unknown request, so that nobody
 * learns which request ids exist. A malformed id is 400 naming `id`.
 */
function visitorCall(request: FastifyRequest<WithId>): VisitorCall {
  requireRequestId(request.params.id);
  if (request.headers.authorization === undefined) throw new HttpError(401, IT_LOBBY.errors.visitorTokenRequired);
  return { id: request.params.id, token: bearerTokenOf(request) };
}

/**
 * Join requests: visitors (anonymous; the company is the Host's) send and follow their own;
 * staff (session) answer those of the stores they serve and invite visitors.
 */
export const lobbyRoutes: FastifyPluginAsync<LobbyRoutesOptions> = async (app, { lobby, tenancy, authenticate, limits, publicUrl }) => {
  const send = { config: { rateLimit: { max: limits.sendPerMinute, timeWindow: 60_000 } } };
  const visitor = { config: { rateLimit: { max: limits.visitorCallsPerMinute, timeWindow: 60_000 } } };
  const companyOf = (request: FastifyRequest) => tenancy.requireCompanyByHost(requestHost(request));

  app.post<{ Params: { store: string } }>('/api/video-room/:store/send-join-request', send, async (request): Promise<SentJoinRequest> => {
    const body = parseBody(sendJoinRequestBodySchema, request.body);
    return lobby.sendLive(await companyOf(request), request.params.store, body);
  });

  app.post('/api/video-room/invitation/send-join-request', send, async (request): Promise<SentJoinRequest> => {
    const body = parseBody(invitationJoinRequestBodySchema, request.body);
    return lobby.sendInvited((await companyOf(request)).id, body);
  });

  app.post<WithId>('/api/video-room/reservation/:id/send-join-request', send, async (request): Promise<SentJoinRequest> => {
    const body = parseBody(reservationJoinRequestBodySchema, request.body);
    return lobby.sendForReservation((await companyOf(request)).id, request.params.id, body);
  });

  app.post<WithId>('/api/video-room/join-request/:id', visitor, async (request): Promise<VisitorJoinRequest> => {
    const call = visitorCall(request);
    return lobby.status((await companyOf(request)).id, call);
  });

  app.post<WithId>('/api/video-room/join-request/:id/cancel', visitor, async (request): Promise<VisitorJoinRequest> => {
    const call = visitorCall(request);
    return lobby.cancel((await companyOf(request)).id, call);
  });

  app.post<WithId>('/api/video-room/join-request/:id/send-verification-code', visitor, async (request): Promise<VerificationCodeSent> => {
    const call = visitorCall(request);
    const body = parseBody(sendVerificationCodeBodySchema, request.body);
    return lobby.sendVerificationCode(await companyOf(request), { ...call, ip: request.ip }, body);
  });

  app.post<WithId>('/api/video-room/join-request/:id/verify-verification-code', visitor, async (request): Promise<VisitorJoinRequest> => {
    const call = visitorCall(request);
    const body = parseBody(verifyCodeBodySchema, request.body);
    return lobby.verifyVerificationCode((await companyOf(request)).id, call, body);
  });

  await registerStaffRoutes(app, authenticate, async (staff) => {
    staff.post<WithId>('/api/video-room/join-request/:id/approve', async (request): Promise<ApprovedJoinRequest> => {
      const { company, session } = request.staff;
      return lobby.approve(company.id, session.user, request.params.id);
    });

    staff.post<WithId>('/api/video-room/join-request/:id/reject', async (request): Promise<StaffJoinRequest> => {
      const { company, session } = request.staff;
      return lobby.reject(company.id, session.user, request.params.id, parseBody(staffMessageBodySchema, request.body));
    });

    staff.post<WithId>('/api/video-room/join-request/:id/busy', async (request): Promise<StaffJoinRequest> => {
      const { company, session } = request.staff;
      return lobby.busy(company.id, session.user, request.params.id, parseBody(staffMessageBodySchema, request.body));
    });

    staff.get('/api/bo/join-requests', async (request): Promise<LiveQueue> => lobby.liveQueue(request.staff.company.id, request.staff.session.user.id));

    staff.post('/api/bo/invitations', async (request): Promise<Invitation> => {
      const { company, session } = request.staff;
      return lobby.createInvitation(company.id, session.user, parseBody(createInvitationBodySchema, request.body), publicOrigin(publicUrl, request));
    });
  });
};
