import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { WebinarEngine } from '@incontra/contracts/api/webinars';
import {
  clientWebinarLiveMessageSchema,
  WEBINAR_LIVE,
  WEBINAR_LIVE_CLOSE,
  type ClientWebinarLiveMessage,
  type ServerWebinarLiveMessage,
  type WebinarAttendee,
  type WebinarLiveRefusal,
} from '@incontra/contracts/realtime/webinar-live';
import type { Clock } from '../../common/clock';
import type { Database, Tx } from '../../db/database';
import { credentialKey, TOO_MANY_CONNECTIONS_REASON, type SocketCaps } from '../../realtime/socket-caps';
import { FrameGate } from '../../realtime/socket-frames';
import { SocketLiveness } from '../../realtime/socket-liveness';
import type { Slot, SlotCounter } from '../../realtime/socket-slots';
import { verifyWebinarToken } from '../join-token';
import type { Audience, WebinarMedia } from '../webinar-media';
import { findWebinar, hasActiveRegistration, presentersOf } from '../repository';
import type { LiveEndpoint, LiveNews, LiveWebinar, WebinarLiveHub } from './live-hub';
import * as replays from '../replay/replay-state';
import * as state from './live-state';
import { sentMedia } from './sdp-sends';

export type WebinarLiveLimits = {
  [K in 'maxMessageBytes' | 'rateBurst' | 'ratePerSecond' | 'maxBadMessages' | 'helloTimeoutMs' | 'heartbeatIntervalMs' | 'maxMissedHeartbeats']: number;
};

export const DEFAULT_WEBINAR_LIVE_LIMITS: WebinarLiveLimits = { ...WEBINAR_LIVE };

export interface WebinarLiveContext {
  hub: WebinarLiveHub;
  db: Database;
  clock: Clock;
  /** Verifies the join credentials (the video rooms' token secret, as join.ts signs them). */
  tokenSecret: string;
  /** Which engine carries the media: the built-in mesh's signalling goes through this socket. */
  engine: WebinarEngine;
  /** The SFU (Janus), where a removed viewer's session is ended; null on the other engines. */
  media: WebinarMedia | null;
  limits: WebinarLiveLimits;
  caps: Pick<SocketCaps, 'perRoomToken'>;
  slots: SlotCounter;
}

/** Questions a welcome lists at most (most votes first). */
const WELCOME_QUESTIONS = 500;
/** Refusals a well-behaved client can cause by a race (the peer just left, the chat just muted). */
const HARMLESS: ReadonlySet<WebinarLiveRefusal> = new Set(['unknown-peer', 'chat-muted', 'not-found']);
const WS_NORMAL_CLOSURE = 1000;
const WS_INTERNAL_ERROR = 1011;

const CLOSE_OF = { removed: WEBINAR_LIVE_CLOSE.removed, replaced: WEBINAR_LIVE_CLOSE.replaced, ended: WEBINAR_LIVE_CLOSE.ended } as const;

/** Whom the room's participants receive: the webinar's presenters, and `speaker`'s voice. */
async function audienceOf(tx: Tx, companyId: string, webinarId: string, speaker: string | null): Promise<Audience> {
  const presenters = (await presentersOf(tx, companyId, [webinarId])).get(webinarId) ?? [];
  return { presenters: presenters.map((presenter) => presenter.id), speaker };
}

/**
 * One live socket from `hello` to its close. The credential says who (seat, role, name): checked
 * against the database at hello (the webinar published or live, a viewer's registration still
 * held, the seat not removed), then the seat is taken (a newer generation than any socket before:
 * those are replaced) and the welcome sent. Every action is checked against the role here, on the
 * server; the news goes through the hub to every process's sockets.
 */
export class WebinarLiveSession implements LiveEndpoint {
  private status: 'waiting' | 'authorizing' | 'joined' | 'closed' = 'waiting';
  private self: WebinarAttendee | null = null;
  private webinar: LiveWebinar | null = null;
  private seatGeneration = 0;
  private slot: Slot | null = null;
  /** News that arrived between the subscription and the welcome, sent after it. */
  private pending: ServerWebinarLiveMessage[] | null = null;
  private readonly frames: FrameGate<ClientWebinarLiveMessage>;
  private readonly liveness: SocketLiveness;

  constructor(
    private readonly socket: WebSocket,
    private readonly context: WebinarLiveContext,
    private readonly log: FastifyBaseLogger,
  ) {
    this.frames = new FrameGate(clientWebinarLiveMessageSchema, context.limits);
    this.liveness = new SocketLiveness({
      socket,
      limits: context.limits,
      handlers: { helloTimedOut: () => this.status === 'waiting' && this.close(WEBINAR_LIVE_CLOSE.helloTimeout) },
    });
    socket.on('message', (data, isBinary) => this.receive(data, isBinary));
    socket.on('close', () => this.closed());
  }

  get attendee(): WebinarAttendee {
    return this.self!;
  }

  get generation(): number {
    return this.seatGeneration;
  }

  send(message: ServerWebinarLiveMessage): void {
    if (this.pending) {
      this.pending.push(message);
      return;
    }
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  dismiss(reason: 'removed' | 'replaced' | 'ended'): void {
    if (this.status === 'closed') return;
    this.flushPending();
    this.send({ type: 'bye', reason });
    // Replaced or removed: the seat is not this socket's any more, nothing to leave.
    if (reason !== 'ended') this.webinarGone();
    this.close(CLOSE_OF[reason]);
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (this.status === 'closed') return;
    this.liveness.heard();
    const frame = this.frames.read(data, isBinary);
    if (!frame.ok) return this.refuse(frame.refusal);
    const { message } = frame;
    if (message.type === 'hello') {
      if (this.status !== 'waiting') return this.refuse('malformed');
      void this.hello(message.token);
      return;
    }
    if (message.type === 'heartbeat') return this.send({ type: 'heartbeat' });
    if (message.type === 'bye') return this.close(WS_NORMAL_CLOSURE);
    if (this.status !== 'joined') return this.refuse('not-ready');
    void this.act(message).catch((error: unknown) => {
      this.log.warn({ err: error, type: message.type }, 'webinar live action failed');
      this.send({ type: 'bad', reason: 'unavailable' });
    });
  }

  private async hello(token: string): Promise<void> {
    this.status = 'authorizing';
    this.liveness.helloArrived();
    this.slot = this.context.slots.take(credentialKey('webinar', token), this.context.caps.perRoomToken);
    if (!this.slot) return this.close(WEBINAR_LIVE_CLOSE.tooManyConnections, TOO_MANY_CONNECTIONS_REASON);
    const { db, clock, hub, tokenSecret } = this.context;
    const claims = verifyWebinarToken(token, tokenSecret, clock());
    if (!claims) return this.bye('unauthorized', WEBINAR_LIVE_CLOSE.unauthorized);
    const self: WebinarAttendee = { seat: claims.seat, name: claims.name, role: claims.role };
    const webinar = { companyId: claims.cid, webinarId: claims.wid };
    let admitted: Awaited<ReturnType<WebinarLiveSession['admit']>>;
    try {
      admitted = await db.withTenant(webinar.companyId, (tx) => this.admit(tx, webinar, self));
    } catch (error) {
      this.log.error({ err: error }, 'webinar live hello could not be checked');
      if (this.status === 'authorizing') this.close(WS_INTERNAL_ERROR);
      return;
    }
    if (this.status !== 'authorizing') return;
    if (admitted === 'ended') return this.bye('ended', WEBINAR_LIVE_CLOSE.ended);
    if (admitted === 'removed') return this.bye('removed', WEBINAR_LIVE_CLOSE.removed);
    if (admitted === 'unauthorized') return this.bye('unauthorized', WEBINAR_LIVE_CLOSE.unauthorized);
    this.self = self;
    this.webinar = webinar;
    this.seatGeneration = admitted.generation;
    // Subscribed before the snapshot is read: news from then on is queued, sent after the welcome.
    this.pending = [];
    this.status = 'joined';
    try {
      await hub.attach(webinar, this, admitted.settings);
      const { welcome, grant } = await db.withTenant(webinar.companyId, async (tx) => {
        const snapshot = await this.snapshot(tx, webinar, self);
        return { welcome: snapshot, grant: await this.grantOnReturn(tx, webinar, snapshot) };
      });
      if (this.isClosed()) return;
      const queued = this.pending;
      this.pending = null;
      this.send(welcome);
      if (grant) this.send(grant);
      for (const message of queued) this.send(message);
    } catch (error) {
      this.log.error({ err: error }, 'webinar live welcome could not be made');
      if (!this.isClosed()) this.close(WS_INTERNAL_ERROR);
      return;
    }
    await hub.announce(webinar, { kind: 'joined', attendee: self, generation: this.seatGeneration });
  }

  /** The checks of hello, and the seat taken. */
  private async admit(tx: Tx, webinar: LiveWebinar, self: WebinarAttendee) {
    const { companyId, webinarId } = webinar;
    const settings = await state.liveSettings(tx, companyId, webinarId);
    if (!settings || settings.status === 'draft') return 'unauthorized' as const;
    if (settings.status === 'ended' || settings.status === 'cancelled') return 'ended' as const;
    if (self.role === 'viewer' && !(await hasActiveRegistration(tx, companyId, webinarId, { id: self.seat }))) return 'unauthorized' as const;
    const generation = await state.takeSeat(tx, companyId, webinarId, self, this.context.clock());
    if (generation === null) return 'removed' as const;
    // The count a new room of this process starts from (the welcome tells the same): the first tally then sends only a change.
    const viewers = await state.viewerCount(tx, companyId, webinarId, this.context.hub.presentSince());
    return { generation, settings: { chatMuted: settings.chatMuted, speaker: settings.speakerSeat, viewers } };
  }

  private async snapshot(tx: Tx, webinar: LiveWebinar, self: WebinarAttendee): Promise<ServerWebinarLiveMessage> {
    const { companyId, webinarId } = webinar;
    const presenter = self.role === 'presenter';
    const settings = (await state.liveSettings(tx, companyId, webinarId))!;
    const hands = await state.listHands(tx, companyId, webinarId);
    const present = await state.presentSeats(tx, companyId, webinarId, this.context.hub.presentSince());
    return {
      type: 'welcome',
      self,
      status: settings.status as 'published' | 'live' | 'ended' | 'cancelled',
      chatMuted: settings.chatMuted,
      questions: await state.listQuestions(tx, companyId, webinarId, presenter, WELCOME_QUESTIONS),
      voted: presenter ? [] : await state.votedBy(tx, companyId, webinarId, self.seat),
      hands: presenter ? hands : hands.filter((hand) => hand.seat === self.seat),
      speaker: settings.speakerSeat ? { seat: settings.speakerSeat, name: settings.speakerName ?? '', role: 'viewer' } : null,
      attendees: present.filter((attendee) => attendee.seat !== self.seat && (presenter || attendee.role === 'presenter')),
      viewers: present.filter((attendee) => attendee.role === 'viewer').length,
      recording: (await replays.findReplay(tx, companyId, webinarId))?.recording ?? false,
      recordable: this.context.media?.recordable ?? false,
    };
  }

  /** One action of a joined participant: checked against its role, applied, announced. */
  private async act(message: Exclude<ClientWebinarLiveMessage, { type: 'hello' | 'heartbeat' | 'bye' }>): Promise<void> {
    const self = this.self!;
    const webinar = this.webinar!;
    const { companyId, webinarId } = webinar;
    const { db, hub, clock } = this.context;
    const presenter = self.role === 'presenter';
    const announce = (news: LiveNews) => hub.announce(webinar, news);
    const inTenant = <T>(work: (tx: Tx) => Promise<T>) => db.withTenant(companyId, work);
    switch (message.type) {
      case 'chat': {
        if (!presenter && hub.settingsOf(webinar)?.chatMuted) return this.refuse('chat-muted');
        return announce({ kind: 'chat', from: self, text: message.text, at: clock().toISOString() });
      }
      case 'ask': {
        if (presenter) return this.refuse('forbidden');
        const asked = await inTenant(async (tx) => {
          const counts = await state.questionCounts(tx, companyId, webinarId, self.seat);
          if (counts.bySeat >= WEBINAR_LIVE.questionsPerSeat || counts.total >= WEBINAR_LIVE.questionsMax) return null;
          return state.insertQuestion(tx, companyId, webinarId, { seat: self.seat, author: self.name, text: message.text }, clock());
        });
        if (!asked) return this.refuse('limit');
        return announce({ kind: 'question', question: asked });
      }
      case 'vote': {
        if (presenter) return this.refuse('forbidden');
        const question = await inTenant((tx) => state.vote(tx, companyId, webinarId, message.question, self.seat, message.up));
        if (!question) return this.refuse('not-found');
        return announce({ kind: 'question', question });
      }
      case 'question': {
        if (!presenter) return this.refuse('forbidden');
        const question = await inTenant((tx) => state.setQuestionStatus(tx, companyId, webinarId, message.question, message.status));
        if (!question) return this.refuse('not-found');
        return announce({ kind: 'question', question });
      }
      case 'hand': {
        if (presenter) return this.refuse('forbidden');
        const hands = await inTenant(async (tx) => {
          await state.setHand(tx, companyId, webinarId, { seat: self.seat, name: self.name }, message.raised, clock());
          return state.listHands(tx, companyId, webinarId);
        });
        return announce({ kind: 'hands', hands });
      }
      case 'invite': {
        if (!presenter) return this.refuse('forbidden');
        const invited = await inTenant(async (tx) => {
          const hand = await state.handRaised(tx, companyId, webinarId, message.seat);
          if (!hand) return null;
          const before = (await state.liveSettings(tx, companyId, webinarId))?.speakerSeat ?? null;
          await state.setSpeaker(tx, companyId, webinarId, { seat: message.seat, name: hand.name });
          await state.setHand(tx, companyId, webinarId, { seat: message.seat, name: hand.name }, false, clock());
          // At the SFU within the transaction: the previous speaker's voice cut, the new one's allowed.
          const token = await this.voiceAtSfu(tx, webinar, before, message.seat);
          return { speaker: { seat: message.seat, name: hand.name, role: 'viewer' as const }, hands: await state.listHands(tx, companyId, webinarId), token };
        });
        if (!invited) return this.refuse('not-found');
        await announce({ kind: 'speaker', speaker: invited.speaker });
        if (invited.token) await announce({ kind: 'voice-grant', to: message.seat, token: invited.token });
        return announce({ kind: 'hands', hands: invited.hands });
      }
      case 'stop-speaking': {
        const speaker = hub.settingsOf(webinar)?.speaker ?? null;
        if (!presenter && speaker !== self.seat) return this.refuse('forbidden');
        await inTenant(async (tx) => {
          const before = (await state.liveSettings(tx, companyId, webinarId))?.speakerSeat ?? null;
          await state.setSpeaker(tx, companyId, webinarId, null);
          await this.voiceAtSfu(tx, webinar, before, null);
        });
        return announce({ kind: 'speaker', speaker: null });
      }
      case 'remove': {
        if (!presenter) return this.refuse('forbidden');
        const removed = await inTenant(async (tx) => {
          if (!(await state.removeSeat(tx, companyId, webinarId, message.seat, clock()))) return null;
          // At the SFU within the transaction: if Janus does not answer, nothing of the removal stays.
          await this.removeAtSfu(tx, webinar, message.seat);
          const settings = await state.liveSettings(tx, companyId, webinarId);
          const wasSpeaker = settings?.speakerSeat === message.seat;
          if (wasSpeaker) {
            await state.setSpeaker(tx, companyId, webinarId, null);
            await this.voiceAtSfu(tx, webinar, message.seat, null);
          }
          return { wasSpeaker, hands: await state.listHands(tx, companyId, webinarId) };
        });
        if (!removed) return this.refuse('not-found');
        await announce({ kind: 'removed', seat: message.seat });
        if (removed.wasSpeaker) await announce({ kind: 'speaker', speaker: null });
        return announce({ kind: 'hands', hands: removed.hands });
      }
      case 'mute-chat': {
        if (!presenter) return this.refuse('forbidden');
        await inTenant((tx) => state.setChatMuted(tx, companyId, webinarId, message.muted));
        return announce({ kind: 'chat-muted', muted: message.muted });
      }
      case 'record': {
        const { media } = this.context;
        if (!presenter || !media?.recordable) return this.refuse('forbidden');
        const recorded = await inTenant(async (tx) => {
          const found = await findWebinar(tx, companyId, webinarId);
          if (!found || found.webinar.status !== 'live') return false;
          await replays.setRecording(tx, companyId, webinarId, message.on, clock());
          // At the SFU within the transaction: if Janus does not answer, the row says what Janus does.
          await media.setRecording(found.webinar, message.on);
          return true;
        });
        if (!recorded) return this.refuse('forbidden');
        return announce({ kind: 'recording', on: message.on });
      }
      case 'media-joined': {
        const { media } = this.context;
        if (!media) return this.refuse('forbidden');
        const admitted = await inTenant(async (tx) => {
          const found = await findWebinar(tx, companyId, webinarId);
          if (!found) return false;
          const speaker = (await state.liveSettings(tx, companyId, webinarId))?.speakerSeat ?? null;
          return media.admit(found.webinar, self.seat, message.participant, await audienceOf(tx, companyId, webinarId, speaker));
        });
        if (!admitted) return this.refuse('forbidden');
        return undefined;
      }
      case 'signal': {
        // Media signalling is the built-in mesh's; on an SFU the browsers talk to it directly.
        if (this.context.engine !== 'local') return this.refuse('forbidden');
        if (!presenter && !this.viewerMaySend(message.data)) return this.refuse('forbidden');
        return announce({ kind: 'signal', from: self, to: message.to, data: message.data });
      }
    }
  }

  /**
   * The removed viewer's way into the SFU closed: a new viewers' pin (kept here, set at Janus) and
   * its sessions ended. Nothing to do on the mesh, where the media comes through this socket.
   */
  private async removeAtSfu(tx: Tx, { companyId, webinarId }: LiveWebinar, seat: string): Promise<void> {
    const { media } = this.context;
    if (!media) return;
    const found = await findWebinar(tx, companyId, webinarId);
    if (!found) return;
    const pin = randomBytes(16).toString('hex');
    await state.setMediaPin(tx, companyId, webinarId, pin);
    await media.removeViewer(found.webinar, seat, pin);
  }

  /** The speaker back on a new socket publishes again with the same token (derived from the seat, still allowed). */
  private async grantOnReturn(tx: Tx, { companyId, webinarId }: LiveWebinar, welcome: ServerWebinarLiveMessage): Promise<ServerWebinarLiveMessage | null> {
    const { media } = this.context;
    if (!media || welcome.type !== 'welcome' || welcome.speaker?.seat !== welcome.self.seat) return null;
    const found = await findWebinar(tx, companyId, webinarId);
    const token = found ? media.voiceToken(found.webinar, welcome.self.seat) : null;
    return token ? { type: 'voice-grant', token } : null;
  }

  /**
   * The speaking turn at the SFU: `before`'s voice revoked (token and publisher), `after`'s
   * allowed; answers the token `after` publishes with. Nothing to do on the mesh, where the voice
   * goes through this socket's signalling.
   */
  private async voiceAtSfu(tx: Tx, { companyId, webinarId }: LiveWebinar, before: string | null, after: string | null): Promise<string | null> {
    const { media } = this.context;
    if (!media || before === after) return null;
    const found = await findWebinar(tx, companyId, webinarId);
    if (!found) return null;
    const audience = await audienceOf(tx, companyId, webinarId, after);
    if (before) await media.revokeVoice(found.webinar, before, audience);
    return after ? media.grantVoice(found.webinar, after, audience) : null;
  }

  /**
   * A viewer's description may receive anything, and send audio only while it is the speaker;
   * never video. ICE candidates carry no media of their own.
   */
  private viewerMaySend(data: Extract<ClientWebinarLiveMessage, { type: 'signal' }>['data']): boolean {
    if (!('description' in data) || !data.description.sdp) return true;
    const sent = sentMedia(data.description.sdp);
    if (sent.video) return false;
    return !sent.audio || this.context.hub.settingsOf(this.webinar!)?.speaker === this.self!.seat;
  }

  private isClosed(): boolean {
    return this.status === 'closed';
  }

  private refuse(reason: WebinarLiveRefusal): void {
    if (this.frames.strike(HARMLESS.has(reason) ? 0 : 1)) return this.bye('abuse', WEBINAR_LIVE_CLOSE.tooManyBadMessages);
    this.send({ type: 'bad', reason });
  }

  private bye(reason: 'unauthorized' | 'removed' | 'ended' | 'abuse', code: number): void {
    this.send({ type: 'bye', reason });
    this.close(code);
  }

  private flushPending(): void {
    const queued = this.pending;
    this.pending = null;
    for (const message of queued ?? []) this.send(message);
  }

  close(code: number, reason?: string): void {
    if (this.status !== 'closed') this.leave();
    this.liveness.stop();
    this.status = 'closed';
    this.socket.close(code, reason);
  }

  /** The hub no longer holds this socket, and nothing will be written as its leave. */
  private webinarGone(): void {
    if (this.webinar) this.context.hub.detach(this.webinar, this);
    this.webinar = null;
  }

  /** The seat's leave: detached here, written (unless a newer socket holds it) and announced. */
  private leave(): void {
    this.slot?.release();
    this.slot = null;
    const webinar = this.webinar;
    if (!webinar || !this.self) return;
    const { seat } = this.self;
    const generation = this.seatGeneration;
    this.webinarGone();
    const { hub, db } = this.context;
    if (hub.isShuttingDown) return;
    void db
      .withTenant(webinar.companyId, (tx) => state.leaveSeat(tx, webinar.companyId, webinar.webinarId, seat, generation))
      .then(() => hub.announce(webinar, { kind: 'left', seat, generation }))
      .catch((error: unknown) => this.log.warn({ err: error }, 'webinar seat leave could not be written'));
  }

  private closed(): void {
    if (this.status !== 'closed') this.leave();
    this.liveness.stop();
    this.status = 'closed';
  }
}
