import type { FastifyBaseLogger } from 'fastify';
import type { ParticipantRole } from '@incontra/contracts/api/video-room';

export interface ProviderRoom {
  companyId: string;
  roomId: string;
  /** The provider's name of the room (see RoomTokenIssuer). */
  roomName: string;
}

/** The video port's live side: who is in a room right now, and putting someone out of it. */
export interface RoomParticipants {
  /** The seats taken; for a `newcomer` role, those that count against it (a guest takes a lost member's seat). */
  count(room: ProviderRoom, newcomer?: ParticipantRole): Promise<number>;
  remove(room: ProviderRoom, identity: string): Promise<void>;
}

/** What the built-in engine's signalling offers: asked of the process running the room. */
export interface SignallingPresence {
  presence(companyId: string, roomId: string, newcomer?: ParticipantRole): Promise<number>;
  kick(companyId: string, roomId: string, identity: string): Promise<boolean>;
}

/**
 * The built-in engine: the live members of the room's signalling hub, on whichever process runs
 * it. When that process cannot be asked (it just stopped, say) the join goes ahead, as with
 * Twilio: the hub still refuses a hello beyond the limit.
 */
export function localRoomParticipants(signalling: SignallingPresence, log: FastifyBaseLogger): RoomParticipants {
  return {
    count: async ({ companyId, roomId }, newcomer) => {
      try {
        return await signalling.presence(companyId, roomId, newcomer);
      } catch (error) {
        log.warn({ err: error, roomId }, 'could not count the participants of a room');
        return 0;
      }
    },
    remove: async ({ companyId, roomId }, identity) => {
      await signalling.kick(companyId, roomId, identity);
    },
  };
}
