import type { FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import {
  approvedJoinRequestSchema,
  createInvitationBodySchema,
  invitationSchema,
  liveQueueSchema,
  sentJoinRequestSchema,
  staffJoinRequestSchema,
  verificationCodeSentSchema,
  visitorJoinRequestSchema,
  invitationJoinRequestBodySchema,
  reservationJoinRequestBodySchema,
  sendJoinRequestBodySchema,
  sendVerificationCodeBodySchema,
  staffMessageBodySchema,
  verifyCodeBodySchema,
} from '@incontra/contracts/api/join-requests';
import { idParam } from '@incontra/contracts/api/common';
import { IT } from '@incontra/contracts/messages/it';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import type { Authenticate } from '../auth/authenticate';
import { bearerTokenOf } from '../auth/request-session';
import { registerStaffRoutes } from '../auth/staff-scope';
import type { LobbyConfig } from '../config/config';
import { HttpError } from '../http/http-error';
import type { ZodPluginAsync } from '../http/zod-type-provider';
import { registerPublicRoutes } from '../tenancy/public-scope';
import type { TenancyService } from '../tenancy/service';
import type { JoinRequestService } from './service';

export interface LobbyRoutesOptions {
  lobby: JoinRequestService;
  tenancy: TenancyService;
  authenticate: Authenticate;
  limits: LobbyConfig;
}

/** Ids in the path: a malformed one is not found, like an unknown one. */
const requestIdParams = z.object({ id: idParam(IT_LOBBY.errors.requestNotFound) });
const reservationIdParams = z.object({ id: idParam(IT_LOBBY.errors.reservationNotFound) });
const storeParams = z.object({ store: idParam(IT.errors.notFound) });

/**
 * The visitor's calls about its own request carry its visitor token as a Bearer header: no token
 * at all is 401 (visitorTokenRequired), before the path and the body are looked at; a malformed id
 * (the schema's answer) or a wrong token (the service's) is 404 like an unknown request, so that
 * nobody learns which request ids exist.
 */
async function visitorTokenRequired(request: FastifyRequest): Promise<void> {
  if (request.headers.authorization === undefined) throw new HttpError(401, IT_LOBBY.errors.visitorTokenRequired);
}

/**
 * Join requests: visitors (anonymous; the company is the Host's) send and follow their own;
 * staff (session) answer those of the stores they serve and invite visitors.
 */
export const lobbyRoutes: ZodPluginAsync<LobbyRoutesOptions> = async (app, { lobby, tenancy, authenticate, limits }) => {
  const send = { config: { rateLimit: { max: limits.sendPerMinute, timeWindow: 60_000 } } };
  const visitor = { config: { rateLimit: { max: limits.visitorCallsPerMinute, timeWindow: 60_000 } }, preValidation: visitorTokenRequired };
  const visitorCall = (request: FastifyRequest, id: string) => ({ id, token: bearerTokenOf(request) });

  await registerPublicRoutes(app, tenancy, async (scope) => {
    scope.post(
      '/api/video-room/:store/send-join-request',
      { ...send, schema: { params: storeParams, body: sendJoinRequestBodySchema, response: { 200: sentJoinRequestSchema } } },
      async (request) => lobby.sendLive(request.company, request.params.store, request.body),
    );

    scope.post(
      '/api/video-room/invitation/send-join-request',
      { ...send, schema: { body: invitationJoinRequestBodySchema, response: { 200: sentJoinRequestSchema } } },
      async (request) => lobby.sendInvited(request.company.id, request.body),
    );

    scope.post(
      '/api/video-room/reservation/:id/send-join-request',
      { ...send, schema: { params: reservationIdParams, body: reservationJoinRequestBodySchema, response: { 200: sentJoinRequestSchema } } },
      async (request) => lobby.sendForReservation(request.company.id, request.params.id, request.body),
    );

    scope.post(
      '/api/video-room/join-request/:id',
      { ...visitor, schema: { params: requestIdParams, response: { 200: visitorJoinRequestSchema } } },
      async (request) => lobby.status(request.company.id, visitorCall(request, request.params.id)),
    );

    scope.post(
      '/api/video-room/join-request/:id/cancel',
      { ...visitor, schema: { params: requestIdParams, response: { 200: visitorJoinRequestSchema } } },
      async (request) => lobby.cancel(request.company.id, visitorCall(request, request.params.id)),
    );

    scope.post(
      '/api/video-room/join-request/:id/send-verification-code',
      { ...visitor, schema: { params: requestIdParams, body: sendVerificationCodeBodySchema, response: { 200: verificationCodeSentSchema } } },
      async (request) => lobby.sendVerificationCode(request.company, { ...visitorCall(request, request.params.id), ip: request.ip }, request.body),
    );

    scope.post(
      '/api/video-room/join-request/:id/verify-verification-code',
      { ...visitor, schema: { params: requestIdParams, body: verifyCodeBodySchema, response: { 200: visitorJoinRequestSchema } } },
      async (request) => lobby.verifyVerificationCode(request.company.id, visitorCall(request, request.params.id), request.body),
    );
  });

  await registerStaffRoutes(app, authenticate, async (staff) => {
    staff.post(
      '/api/video-room/join-request/:id/approve',
      { schema: { params: requestIdParams, response: { 200: approvedJoinRequestSchema } } },
      async (request) => {
        return lobby.approve(request.staff, request.params.id);
      },
    );

    staff.post(
      '/api/video-room/join-request/:id/reject',
      { schema: { params: requestIdParams, body: staffMessageBodySchema, response: { 200: staffJoinRequestSchema } } },
      async (request) => {
        return lobby.reject(request.staff, request.params.id, request.body);
      },
    );

    staff.post(
      '/api/video-room/join-request/:id/busy',
      { schema: { params: requestIdParams, body: staffMessageBodySchema, response: { 200: staffJoinRequestSchema } } },
      async (request) => {
        return lobby.busy(request.staff, request.params.id, request.body);
      },
    );

    staff.get('/api/bo/join-requests', { schema: { response: { 200: liveQueueSchema } } }, async (request) => lobby.liveQueue(request.staff));

    staff.post('/api/bo/invitations', { schema: { body: createInvitationBodySchema, response: { 200: invitationSchema } } }, async (request) => {
      return lobby.createInvitation(request.staff, request.body);
    });
  });
};
