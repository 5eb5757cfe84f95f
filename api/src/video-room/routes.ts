import type { FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { idParam, okSchema } from '@incontra/contracts/api/common';
import { joinRoomBodySchema, joinRoomResponseSchema } from '@incontra/contracts/api/video-room';
import { IT } from '@incontra/contracts/messages/it';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import type { Authenticate, StaffContext } from '../auth/authenticate';
import { bearerTokenOf } from '../auth/request-session';
import { refuseWhileBillingOnly, registerStaffRoutes } from '../auth/staff-scope';
import { HttpError } from '../http/http-error';
import type { ZodPluginAsync } from '../http/zod-type-provider';
import { refuseGuestWhileSuspended, registerPublicRoutes } from '../tenancy/public-scope';
import type { TenancyService } from '../tenancy/service';
import type { VideoRoomService } from './service';

export interface VideoRoomRoutesOptions {
  videoRoom: VideoRoomService;
  authenticate: Authenticate;
  /** Guests (approved visitors) are known by the company of the Host and their visitor token. */
  tenancy: TenancyService;
  /** Per IP, for guests' joins (staff joins are not limited). */
  guestJoinsPerMinute: number;
}

// A malformed room id is not found, like an unknown one; it is checked once the caller is known
// (the staff scope's and the join's preValidation), so a caller without access learns nothing of it.
const roomId = idParam(IT.errors.notFound);
const roomParams = z.object({ id: roomId });
const kickParams = z.object({ id: roomId, participantId: z.string() });

/**
 * Staff of the room's company, or the guest of an approved request for that room (body
 * `joinRequestId` + `Authorization: Bearer <visitor token>`): another company's room is not found.
 */
export const videoRoomRoutes: ZodPluginAsync<VideoRoomRoutesOptions> = async (app, { videoRoom, authenticate, tenancy, guestJoinsPerMinute }) => {
  const guestLimit = app.createRateLimit({ max: guestJoinsPerMinute, timeWindow: 60_000 });

  // Who joins is known before the path and body are checked: a guest (body `joinRequestId`) passes
  // the guests' rate limit and shows a visitor token, anyone else a staff session (401 otherwise).
  const staffOf = new WeakMap<FastifyRequest, StaffContext>();
  async function knownCaller(request: FastifyRequest): Promise<void> {
    if ((request.body as { joinRequestId?: unknown } | undefined)?.joinRequestId !== undefined) {
      const limit = await guestLimit(request);
      if (!limit.isAllowed && limit.isExceeded) throw new HttpError(429, IT.errors.tooManyRequests);
      if (bearerTokenOf(request) === null) throw new HttpError(401, IT_LOBBY.errors.visitorTokenRequired);
    } else {
      staffOf.set(request, await authenticate(request));
    }
  }

  async function joinAsGuest(request: FastifyRequest, roomId: string, joinRequestId: string, displayName?: string) {
    const token = bearerTokenOf(request);
    if (token === null) throw new HttpError(401, IT_LOBBY.errors.visitorTokenRequired);
    return videoRoom.joinAsGuest(refuseGuestWhileSuspended(request.company).id, { requestId: joinRequestId, token, roomId }, displayName);
  }

  // Outside the staff scope: a guest joins with its visitor token, staff with their session.
  const join = { params: roomParams, body: joinRoomBodySchema, response: { 200: joinRoomResponseSchema } };
  await registerPublicRoutes(app, tenancy, async (scope) => {
    scope.post('/api/video-room/:id/join', { schema: join, preValidation: knownCaller }, async (request) => {
      const { joinRequestId, displayName } = request.body;
      if (joinRequestId !== undefined) return joinAsGuest(request, request.params.id, joinRequestId, displayName);
      return videoRoom.join(refuseWhileBillingOnly(staffOf.get(request) ?? (await authenticate(request))), request.params.id, displayName);
    });
  });

  await registerStaffRoutes(app, authenticate, async (staff) => {
    staff.post('/api/video-room/:id/kick/:participantId', { schema: { params: kickParams, response: { 200: okSchema } } }, async (request) => {
      return videoRoom.kick(request.staff, request.params.id, request.params.participantId);
    });
  });
};
