import twilio, { type RequestClient } from 'twilio';
import type { TwilioConfig } from '../../config/config';

/** Twilio's "a room with this unique name is in progress": a parallel open made it first. */
const ROOM_EXISTS = 53113;
/** No request to Twilio may take longer (the twilio client's own default is 30 s). */
export const TWILIO_REQUEST_TIMEOUT_MS = 10_000;
/** Participants one listing reads at most: a group room holds 50. */
const PARTICIPANTS_LISTED = 60;

/** What a participant subscribes to (Twilio's subscribe rules): the listed publishers' tracks, audio only for `audioOnly`. */
export interface Subscription {
  publishers: readonly string[];
  audioOnly: readonly string[];
}

export interface TwilioParticipant {
  sid: string;
  identity: string;
  status: string;
}

const codeOf = (error: unknown) => (error as { code?: unknown }).code;
const statusOf = (error: unknown) => (error as { status?: unknown }).status;

/**
 * The group rooms of webinars through Twilio's REST API (the account's API key): created with a
 * participant cap, completed at the end, and each participant's subscribe rules — a webinar's
 * participants connect subscribing to nothing, and receive only what the rules set here include.
 * `httpClient` replaces Twilio's HTTP layer in tests.
 */
export class TwilioWebinarRooms {
  private client: ReturnType<typeof twilio> | null = null;

  constructor(
    private readonly credentials: TwilioConfig,
    private readonly httpClient?: RequestClient,
  ) {}

  /** Twilio's client, made at the first call (with its HTTP layer) and kept. */
  private rest() {
    this.client ??= twilio(this.credentials.apiKeySid, this.credentials.apiKeySecret, {
      accountSid: this.credentials.accountSid,
      httpClient: this.httpClient ?? new twilio.RequestClient({ timeout: TWILIO_REQUEST_TIMEOUT_MS }),
    });
    return this.client;
  }

  /** The group room `name` in progress (created now if not), holding at most `maxParticipants`. */
  async open(name: string, maxParticipants: number): Promise<void> {
    try {
      await this.rest().video.v1.rooms.create({ uniqueName: name, type: 'group', maxParticipants });
    } catch (error) {
      if (codeOf(error) !== ROOM_EXISTS) throw error;
    }
  }

  /** The room over for everyone (a room not in progress has nothing to end). */
  async complete(name: string): Promise<void> {
    try {
      await this.rest().video.v1.rooms(name).update({ status: 'completed' });
    } catch (error) {
      if (statusOf(error) !== 404) throw error;
    }
  }

  /** One participant of the room by its sid; null when the room or the participant is unknown. */
  async participant(room: string, sid: string): Promise<TwilioParticipant | null> {
    try {
      const found = await this.rest().video.v1.rooms(room).participants(sid).fetch();
      return { sid: found.sid, identity: found.identity, status: found.status };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  /** The room's connected participants (none when the room is not in progress). */
  async connected(room: string): Promise<TwilioParticipant[]> {
    try {
      const listed = await this.rest().video.v1.rooms(room).participants.list({ status: 'connected', limit: PARTICIPANTS_LISTED });
      return listed.map((found) => ({ sid: found.sid, identity: found.identity, status: found.status }));
    } catch (error) {
      if (statusOf(error) === 404) return [];
      throw error;
    }
  }

  /** What the participant `sid` receives from now on: exactly `subscription` (nothing else). */
  async subscribe(room: string, sid: string, subscription: Subscription): Promise<void> {
    const rules = [
      ...subscription.publishers.map((publisher) => ({ type: 'include', publisher })),
      ...subscription.audioOnly.map((publisher) => ({ type: 'include', publisher, kind: 'audio' })),
    ];
    // No rule at all would mean "everything": an explicit exclusion says "nothing".
    await this.rest()
      .video.v1.rooms(room)
      .participants(sid)
      .subscribeRules.update({ rules: rules.length > 0 ? rules : [{ type: 'exclude', all: true }] });
  }

  /** The participant `identity` out of the room (already gone is fine). */
  async disconnect(room: string, identity: string): Promise<void> {
    try {
      await this.rest().video.v1.rooms(room).participants(identity).update({ status: 'disconnected' });
    } catch (error) {
      if (statusOf(error) !== 404) throw error;
    }
  }
}
