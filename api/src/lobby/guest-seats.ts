import type { FastifyBaseLogger } from 'fastify';
import type { VideoConfig } from '../config/config';

/**
 * Whether a guest holds a seat in its room's call right now: connected, or lost and still within
 * the reconnection grace. Null when it cannot be known (the process running the room did not
 * answer, or the video provider keeps no seats here): the lobby then changes nothing.
 */
export interface GuestSeats {
  holdsSeat(companyId: string, roomId: string, identity: string): Promise<boolean | null>;
}

/** The part of the rooms' signalling this needs (ClusterSignalling: asked of the room's owner). */
export interface SeatRoster {
  isMember(companyId: string, roomId: string, identity: string): Promise<boolean>;
}

/**
 * The seats of the built-in engine, from its signalling (started before the lobby). With Twilio the call runs at Twilio and no seat is known here, so
 * every answer is null (a Twilio guest's request stays `joined`; its access ends with its token).
 * A question that fails (owner gone silent, Redis away) is null too: better a request left
 * `joined` one more round than a guest's call ended while its room changes hands.
 */
export function guestSeatsOf(provider: VideoConfig['provider'], roster: SeatRoster, log: FastifyBaseLogger): GuestSeats {
  return {
    async holdsSeat(companyId, roomId, identity) {
      if (provider === 'twilio') return null;
      try {
        return await roster.isMember(companyId, roomId, identity);
      } catch (error) {
        log.warn({ err: error, roomId, identity }, 'could not ask whether a guest holds a seat');
        return null;
      }
    },
  };
}
