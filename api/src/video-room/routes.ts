import type { FastifyPluginAsync } from 'fastify';
import type { Ok } from '@incontra/contracts/api/common';
import { joinRoomBodySchema, type JoinRoomResponse } from '@incontra/contracts/api/video-room';
import type { Authenticate } from '../auth/authenticate';
import { parseBody } from '../http/parse-body';
import type { VideoRoomService } from './service';

export interface VideoRoomRoutesOptions {
  videoRoom: VideoRoomService;
  authenticate: Authenticate;
}

/** Staff of the room's company only: another company's room is not found. */
export const videoRoomRoutes: FastifyPluginAsync<VideoRoomRoutesOptions> = async (app, { videoRoom, authenticate }) => {
  app.post<{ Params: { id: string } }>('/api/video-room/:id/join', async (request): Promise<JoinRoomResponse> => {
    const { company, session } = await authenticate(request);
    const { displayName } = parseBody(joinRoomBodySchema, request.body);
    return videoRoom.join(company.id, session.user, request.params.id, displayName);
  });

  app.post<{ Params: { id: string; participantId: string } }>('/api/video-room/:id/kick/:participantId', async (request): Promise<Ok> => {
    const { company, session } = await authenticate(request);
    return videoRoom.kick(company.id, session.user, request.params.id, request.params.participantId);
  });
};
