import type { FastifyBaseLogger } from 'fastify';
import twilio from 'twilio';
import type { TwilioConfig } from '../../config/config';
import type { WebinarRow } from '../repository';
import { unavailableOnFailure, type Audience, type JoinMedia, type WebinarMedia } from '../webinar-media';
import type { Subscription, TwilioWebinarRooms } from './twilio-webinar-rooms';

/** A group room holds 50 participants: the webinar's seats (WEBINAR_ENGINE_CAPACITY.twilio viewers and its presenters). */
export const TWILIO_ROOM_PARTICIPANTS = 50;

/** The webinar's group room (unique names are the account's: the webinar's id keeps them apart). */
export const twilioWebinarRoom = (webinar: Pick<WebinarRow, 'id'>) => `webinar-${webinar.id}`;

/** Everyone receives the presenters (camera, screen, microphone) and the speaker's voice, nothing else. */
const subscriptionOf = (audience: Audience): Subscription => ({
  publishers: audience.presenters,
  audioOnly: audience.speaker && !audience.presenters.includes(audience.speaker) ? [audience.speaker] : [],
});

/**
 * A webinar's media in a Twilio group room. Twilio's tokens grant a room, not a right to publish,
 * so what a viewer publishes is kept from everyone by what everyone receives: browsers connect
 * subscribing to nothing, report their participant (`media-joined`), and the API sets its
 * subscribe rules — the presenters, and the speaker's voice during a turn (every participant's
 * rules set again when the turn changes). A removed viewer is disconnected, and its seat is never
 * admitted again. Twilio does not record here.
 */
export class TwilioWebinarMedia implements WebinarMedia {
  readonly recordable = false;

  constructor(
    private readonly rooms: TwilioWebinarRooms,
    private readonly credentials: TwilioConfig,
    private readonly tokenTtlSeconds: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  async setRecording(): Promise<void> {
    throw new Error('Twilio webinars are not recorded');
  }

  presenterSeat(webinar: WebinarRow, seat: string): Promise<JoinMedia> {
    return this.seat(webinar, seat);
  }

  viewerSeat(webinar: WebinarRow, seat: string): Promise<JoinMedia> {
    return this.seat(webinar, seat);
  }

  /** Publishing needs no grant here: what counts is who receives it. */
  voiceToken(): null {
    return null;
  }

  async grantVoice(webinar: WebinarRow, _seat: string, audience: Audience): Promise<null> {
    await this.resubscribeEveryone(webinar, audience);
    return null;
  }

  async revokeVoice(webinar: WebinarRow, _seat: string, audience: Audience): Promise<void> {
    await this.resubscribeEveryone(webinar, audience);
  }

  async removeViewer(webinar: WebinarRow, seat: string): Promise<void> {
    await this.unavailableOnFailure(() => this.rooms.disconnect(twilioWebinarRoom(webinar), seat));
  }

  /** The participant must be in this webinar's room, connected, under the seat's identity. */
  async admit(webinar: WebinarRow, seat: string, participant: string, audience: Audience): Promise<boolean> {
    const room = twilioWebinarRoom(webinar);
    return this.unavailableOnFailure(async () => {
      const found = await this.rooms.participant(room, participant);
      if (!found || found.identity !== seat || found.status !== 'connected') return false;
      await this.rooms.subscribe(room, found.sid, subscriptionOf(audience));
      return true;
    });
  }

  async open(webinar: WebinarRow): Promise<void> {
    await this.unavailableOnFailure(() => this.rooms.open(twilioWebinarRoom(webinar), TWILIO_ROOM_PARTICIPANTS));
  }

  async close(webinar: WebinarRow): Promise<void> {
    try {
      await this.rooms.complete(twilioWebinarRoom(webinar));
    } catch (error) {
      this.log.warn({ err: error, webinarId: webinar.id }, 'the webinar room could not be completed at Twilio');
    }
  }

  /** The room open, and a token for it under the seat's identity (ROOM_TOKEN_TTL_SECONDS). */
  private async seat(webinar: WebinarRow, seat: string): Promise<JoinMedia> {
    await this.open(webinar);
    const room = twilioWebinarRoom(webinar);
    const { AccessToken } = twilio.jwt;
    const token = new AccessToken(this.credentials.accountSid, this.credentials.apiKeySid, this.credentials.apiKeySecret, {
      identity: seat,
      ttl: this.tokenTtlSeconds,
    });
    token.addGrant(new AccessToken.VideoGrant({ room }));
    return { janus: null, twilio: { token: token.toJwt(), room } };
  }

  /** Every connected participant's subscribe rules set anew (the turn changed). */
  private async resubscribeEveryone(webinar: WebinarRow, audience: Audience): Promise<void> {
    const room = twilioWebinarRoom(webinar);
    const subscription = subscriptionOf(audience);
    await this.unavailableOnFailure(async () => {
      const connected = await this.rooms.connected(room);
      await Promise.all(connected.map((participant) => this.rooms.subscribe(room, participant.sid, subscription)));
    });
  }

  private unavailableOnFailure<T>(call: () => Promise<T>): Promise<T> {
    return unavailableOnFailure(this.log, 'Twilio', call);
  }
}
