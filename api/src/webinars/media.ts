import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { JanusRooms } from './janus/janus-rooms';
import type { WebinarRow } from './repository';
import { unavailableOnFailure, type JoinMedia, type WebinarMedia } from './webinar-media';

/** Janus' "room already exists": a parallel open made it first. */
const ROOM_EXISTS = 427;
/** Janus' "no such room": already gone. */
const NO_SUCH_ROOM = 426;
/** Publishers at once: the presenters (at most five) and one viewer invited to speak. */
const PUBLISHERS = 6;

/** The label of a seat's handles at Janus. */
export const seatLabel = (webinarId: string, seat: string) => `incontra-webinar:${webinarId}:${seat}`;

/**
 * The media side of a webinar on an SFU (Janus VideoRoom): the room is the webinar's id, created
 * with its secret and pin (webinars.media_secret, media_pin) when a presenter or viewer first joins
 * or the webinar starts, gone at its end. Only presenters get a publisher token (the room's
 * `allowed` list).
 */
export class JanusWebinarMedia implements WebinarMedia {
  constructor(
    private readonly rooms: JanusRooms,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
    /** Janus' recordings folder (JANUS_RECORDINGS_DIR): without it nothing is recorded. */
    private readonly recordingsFolder: string | null = null,
  ) {}

  /** Whether a presenter may record here. */
  get recordable(): boolean {
    return this.recordingsFolder !== null;
  }

  /** Turns the room's recording on or off (the room opened first). 503 when Janus does not answer. */
  async setRecording(webinar: WebinarRow, on: boolean): Promise<void> {
    await this.open(webinar);
    await this.unavailableOnFailure(() => this.rooms.setRecording(webinar.id, webinar.mediaSecret, on));
  }

  /** A presenter's seat: the room open, a publisher token granted for this join. */
  async presenterSeat(webinar: WebinarRow, seat: string): Promise<JoinMedia> {
    await this.open(webinar);
    const token = randomBytes(24).toString('base64url');
    await this.unavailableOnFailure(() => this.rooms.allow(webinar.id, webinar.mediaSecret, 'add', [token]));
    return { janus: { url: this.publicUrl, room: webinar.id, pin: webinar.mediaPin, token, opaqueId: seatLabel(webinar.id, seat) }, twilio: null };
  }

  /** A viewer's seat: the room open, the pin (subscribing only: publishing needs a token). */
  async viewerSeat(webinar: WebinarRow, seat: string): Promise<JoinMedia> {
    await this.open(webinar);
    return { janus: { url: this.publicUrl, room: webinar.id, pin: webinar.mediaPin, token: null, opaqueId: seatLabel(webinar.id, seat) }, twilio: null };
  }

  /**
   * The publisher token a viewer's voice is published with while it is invited to speak: derived
   * from the room's secret and the seat, so it needs no storage and a revocation finds it again.
   */
  voiceToken(webinar: WebinarRow, seat: string): string {
    return createHmac('sha256', webinar.mediaSecret).update(`voice:${seat}`).digest('base64url');
  }

  /** The invited viewer may publish (audio) until `revokeVoice`; 503 when Janus does not answer. */
  async grantVoice(webinar: WebinarRow, seat: string): Promise<string> {
    await this.open(webinar);
    const token = this.voiceToken(webinar, seat);
    await this.unavailableOnFailure(() => this.rooms.allow(webinar.id, webinar.mediaSecret, 'add', [token]));
    return token;
  }

  /**
   * The speaking turn over: the token out of the allowed list and the seat's participant kicked
   * (a browser that kept publishing is cut at the SFU, not only asked to stop). 503 when Janus does
   * not answer; a room already gone has nothing to revoke.
   */
  async revokeVoice(webinar: WebinarRow, seat: string): Promise<void> {
    await this.unavailableOnFailure(async () => {
      try {
        await this.rooms.allow(webinar.id, webinar.mediaSecret, 'remove', [this.voiceToken(webinar, seat)]);
        // Joined with the token, publishing yet or not: the participant goes.
        const joined = (await this.rooms.participants(webinar.id)).filter((participant) => participant.display === seat);
        for (const participant of joined) await this.rooms.kick(webinar.id, webinar.mediaSecret, participant.id);
      } catch (error) {
        if ((error as { code?: number }).code !== NO_SUCH_ROOM) throw error;
      }
    });
  }

  /**
   * A removed viewer out of the SFU: the room's pin changed to `newPin` (so the one it knows opens
   * nothing more; the others' joins hand out the new one) and every session holding a handle with
   * its label destroyed through the Admin API. 503 when Janus does not answer.
   */
  async removeViewer(webinar: WebinarRow, seat: string, newPin: string): Promise<void> {
    await this.unavailableOnFailure(async () => {
      // No room (never opened, or already gone): no pin to change, the sessions may still be there.
      await this.rooms.changePin(webinar.id, webinar.mediaSecret, newPin).catch((error: { code?: number }) => {
        if (error.code !== NO_SUCH_ROOM) throw error;
      });
      await this.rooms.endSessionsLabelled(seatLabel(webinar.id, seat));
    });
  }

  /** The room exists (created now if not). 503 when Janus does not answer. */
  async open(webinar: WebinarRow): Promise<void> {
    await this.unavailableOnFailure(async () => {
      if (await this.rooms.exists(webinar.id)) return;
      await this.rooms
        .create({
          room: webinar.id,
          description: webinar.title,
          secret: webinar.mediaSecret,
          pin: webinar.mediaPin,
          publishers: PUBLISHERS,
          allowed: [],
          ...(this.recordingsFolder ? { recDir: this.recordingsFolder } : {}),
        })
        .catch((error: { code?: number }) => {
          if (error.code !== ROOM_EXISTS) throw error;
        });
    });
  }

  /** The room destroyed (the webinar ended or was cancelled); a failure is logged, the room being temporary in Janus. */
  async close(webinar: WebinarRow): Promise<void> {
    try {
      await this.rooms.destroy(webinar.id, webinar.mediaSecret);
    } catch (error) {
      if ((error as { code?: number }).code === NO_SUCH_ROOM) return;
      this.log.warn({ err: error, webinarId: webinar.id }, 'the webinar room could not be destroyed in Janus');
    }
  }

  /** Janus' browsers report nothing to the API: the pin and the tokens are what let them in. */
  async admit(): Promise<boolean> {
    return false;
  }

  private unavailableOnFailure<T>(call: () => Promise<T>): Promise<T> {
    return unavailableOnFailure(this.log, 'Janus', call);
  }
}
