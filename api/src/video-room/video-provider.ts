import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../common/clock';
import type { VideoConfig } from '../config/config';
import { LocalTokenIssuer } from './local-token-issuer';
import { localRoomParticipants, type RoomParticipants, type SignallingPresence } from './room-participants';
import type { RoomTokenIssuer } from './token-issuer';
import { TwilioTokenIssuer } from './twilio-token-issuer';
import { twilioRoomParticipants } from './twilio-room-participants';

export interface VideoProviderAdapters {
  tokens: RoomTokenIssuer;
  participants: RoomParticipants;
}

/** The video port's adapters the configuration asks for: Twilio when its keys are set. */
export function videoProviderAdapters(video: VideoConfig, clock: Clock, signalling: SignallingPresence, log: FastifyBaseLogger): VideoProviderAdapters {
  if (video.provider === 'twilio' && video.twilio) {
    return {
      tokens: new TwilioTokenIssuer({ credentials: video.twilio, ttlSeconds: video.tokenTtlSeconds, clock }),
      participants: twilioRoomParticipants(video.twilio, log),
    };
  }
  return {
    tokens: new LocalTokenIssuer({ secret: video.tokenSecret, ttlSeconds: video.tokenTtlSeconds, clock }),
    participants: localRoomParticipants(signalling, log),
  };
}
