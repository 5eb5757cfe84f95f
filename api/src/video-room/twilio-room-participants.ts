import type { FastifyBaseLogger } from 'fastify';
import twilio, { type RequestClient } from 'twilio';
import type { TwilioConfig } from '../config/config';
import type { ProviderRoom, RoomParticipants } from './room-participants';

const isNotFound = (error: unknown) => (error as { status?: unknown }).status === 404;

/**
 * Twilio Video's view of a room, through its REST API. A room or participant Twilio does not
 * know is simply empty or gone. When Twilio cannot be asked for a count the join goes ahead
 * (Twilio still enforces the room's own limit) rather than locking everybody out; a failed
 * removal is an error, since the caller was promised the participant is out.
 */
export function twilioRoomParticipants(credentials: TwilioConfig, log: FastifyBaseLogger, httpClient?: RequestClient): RoomParticipants {
  let client: ReturnType<typeof twilio> | null = null;
  const rest = () => (client ??= twilio(credentials.apiKeySid, credentials.apiKeySecret, { accountSid: credentials.accountSid, httpClient }));
  return {
    async count({ roomName }: ProviderRoom) {
      try {
        return (await rest().video.v1.rooms(roomName).participants.list({ status: 'connected' })).length;
      } catch (error) {
        if (isNotFound(error)) return 0;
        log.warn({ err: error, roomName }, 'could not count the participants of a Twilio room');
        return 0;
      }
    },
    async remove({ roomName }: ProviderRoom, identity: string) {
      try {
        await rest().video.v1.rooms(roomName).participants(identity).update({ status: 'disconnected' });
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
  };
}
