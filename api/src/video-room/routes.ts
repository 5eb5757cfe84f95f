import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Ok } from '@incontra/contracts/api/common';
import { joinRoomBodySchema, type JoinRoomResponse } from '@incontra/contracts/api/video-room';
import { IT } from '@incontra/contracts/messages/it';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import type { Authenticate } from '../auth/authenticate';
import { bearerTokenOf } from '../auth/request-session';
import { registerStaffRoutes } from '../auth/staff-scope';
import { HttpError } from '../http/http-error';
import { parseBody } from '../http/parse-body';
import { requestHost } from '../tenancy/request-host';
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

/**
 * Staff of the room's company, or the guest of an approved request for that room (body
 * `joinRequestId` + `Authorization: Bearer <visitor token>`): another company's room is not found.
 */
export const videoRoomRoutes: FastifyPluginAsync<VideoRoomRoutesOptions> = async (app, { videoRoom, authenticate, tenancy, guestJoinsPerMinute }) => {
  const guestLimit = app.createRateLimit({ max: guestJoinsPerMinute, timeWindow: 60_000 });

  async function joinAsGuest(request: FastifyRequest<{ Params: { id: string } }>, joinRequestId: string, displayName?: string) {
    const limit = await guestLimit(request);
    if (!limit.isAllowed && limit.isExceeded) throw new HttpError(429, IT.errors.tooManyRequests);
    const token = bearerTokenOf(request);
    if (token === null) throw new HttpError(401, IT_LOBBY.errors.visitorTokenRequired);
    const company = await tenancy.requireCompanyByHost(requestHost(request));
    return videoRoom.joinAsGuest(company.id, { requestId: joinRequestId, token, roomId: request.params.id }, displayName);
  }

  // Outside the staff scope: a guest joins with its visitor token, staff with their session.
  app.post<{ Params: { id: string } }>('/api/video-room/:id/join', async (request): Promise<JoinRoomResponse> => {
    const { joinRequestId, displayName } = parseBody(joinRoomBodySchema, request.body);
    if (joinRequestId !== undefined) return joinAsGuest(request, joinRequestId, displayName);
    const { company, session } = await authenticate(request);
    return videoRoom.join(company.id, session.user, request.params.id, displayName);
  });

  await registerStaffRoutes(app, authenticate, async (staff) => {
    staff.post<{ Params: { id: string; participantId: string } }>('/api/video-room/:id/kick/:participantId', async (request): Promise<Ok> => {
      const { company, session } = request.staff;
      return videoRoom.kick(company.id, session.user, request.params.id, request.params.participantId);
    });
  });
};
