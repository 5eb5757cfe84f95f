import type { FastifyBaseLogger } from 'fastify';
import type { WebinarJoin } from '@incontra/contracts/api/webinars';
import { IT_WEBINARS } from '@incontra/contracts/messages/it-webinars';
import { HttpError } from '../http/http-error';
import type { WebinarRow } from './repository';

/** The engine's part of a join credential: where and how the browser joins the webinar's room. */
export type JoinMedia = Pick<WebinarJoin, 'janus' | 'twilio'>;

/** Whom everyone in the room hears and sees: the webinar's presenters, and the viewer invited to speak. */
export interface Audience {
  presenters: readonly string[];
  speaker: string | null;
}

/**
 * A webinar's media on an SFU the API controls (Janus VideoRoom, Twilio group rooms): the room
 * opened and closed with the webinar, each join's seat in it, the speaking turn, a removal. The
 * built-in mesh has none (null): its media is signalled through the live socket. Every call that
 * reaches the SFU answers 503 (IT_WEBINARS.rules.mediaUnavailable) when it does not answer.
 */
export interface WebinarMedia {
  /** Whether a presenter may record here. */
  readonly recordable: boolean;
  setRecording(webinar: WebinarRow, on: boolean): Promise<void>;
  presenterSeat(webinar: WebinarRow, seat: string): Promise<JoinMedia>;
  viewerSeat(webinar: WebinarRow, seat: string): Promise<JoinMedia>;
  /** What a returning speaker publishes with again (null where publishing needs no grant). */
  voiceToken(webinar: WebinarRow, seat: string): string | null;
  /** `seat` may be heard from now on; answers its grant to publish with (null where none is needed). */
  grantVoice(webinar: WebinarRow, seat: string, audience: Audience): Promise<string | null>;
  /** `seat`'s turn over: its voice cut at the SFU. */
  revokeVoice(webinar: WebinarRow, seat: string, audience: Audience): Promise<void>;
  /** A removed viewer out of the room for good; `newPin`: the viewers' pin from now on, where the engine has one. */
  removeViewer(webinar: WebinarRow, seat: string, newPin: string): Promise<void>;
  /**
   * The browser of `seat` reports it is in the room as `participant`: checked at the SFU and given
   * what it receives. False where the engine has no such step, or the participant is not that seat's.
   */
  admit(webinar: WebinarRow, seat: string, participant: string, audience: Audience): Promise<boolean>;
  open(webinar: WebinarRow): Promise<void>;
  /** The room gone (the webinar ended or was cancelled); a failure is logged, not thrown. */
  close(webinar: WebinarRow): Promise<void>;
}

/** `call` at the SFU; its failure logged and answered as 503. */
export async function unavailableOnFailure<T>(log: FastifyBaseLogger, engine: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    log.warn({ err: error }, `${engine} did not serve a webinar call`);
    throw new HttpError(503, IT_WEBINARS.rules.mediaUnavailable);
  }
}
