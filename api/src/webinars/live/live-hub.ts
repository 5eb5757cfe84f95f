import type { FastifyBaseLogger } from 'fastify';
import type { WebinarAttendee, WebinarHand, WebinarQuestion, ServerWebinarLiveMessage } from '@incontra/contracts/realtime/webinar-live';
import { WEBINAR_LIVE } from '@incontra/contracts/realtime/webinar-live';
import type { SignalPayload } from '@incontra/contracts/realtime/signalling';
import type { Clock } from '../../common/clock';
import type { Database } from '../../db/database';
import type { PubSub, Unsubscribe } from '../../realtime/pubsub';
import * as state from './live-state';

/**
 * What travels between API processes on a webinar's channel. Every process delivers each piece to
 * its own sockets of that webinar, filtered by role (hidden questions and the hand queue go to
 * presenters; a signal to its one seat).
 */
export type LiveNews =
  | { kind: 'joined'; attendee: WebinarAttendee; generation: number }
  | { kind: 'left'; seat: string; generation: number }
  | { kind: 'status'; status: 'published' | 'live' | 'ended' | 'cancelled' }
  | { kind: 'chat'; from: WebinarAttendee; text: string; at: string }
  | { kind: 'chat-muted'; muted: boolean }
  | { kind: 'recording'; on: boolean }
  | { kind: 'question'; question: WebinarQuestion }
  | { kind: 'hands'; hands: WebinarHand[] }
  | { kind: 'speaker'; speaker: WebinarAttendee | null }
  | { kind: 'removed'; seat: string }
  | { kind: 'signal'; from: WebinarAttendee; to: string; data: SignalPayload }
  | { kind: 'voice-grant'; to: string; token: string };

/** A webinar as the hub keys it. */
export interface LiveWebinar {
  companyId: string;
  webinarId: string;
}

/** One socket in a webinar's session, as the hub sees it. */
export interface LiveEndpoint {
  readonly attendee: WebinarAttendee;
  readonly generation: number;
  send(message: ServerWebinarLiveMessage): void;
  /** Put out by the session: removed by a presenter, replaced by a newer socket, or the webinar is over. */
  dismiss(reason: 'removed' | 'replaced' | 'ended'): void;
}

interface Room {
  webinar: LiveWebinar;
  endpoints: Map<string, LiveEndpoint>;
  /** The settings the sessions check on each message, kept current by the news. */
  chatMuted: boolean;
  speaker: string | null;
  /** The viewer count last told to these sockets. */
  viewers: number;
  subscription: Promise<Unsubscribe>;
  recount: NodeJS.Timeout | null;
}

export const liveChannelOf = ({ companyId, webinarId }: LiveWebinar) => `webinar-live:${companyId}:${webinarId}`;
const keyOf = ({ companyId, webinarId }: LiveWebinar) => `${companyId}/${webinarId}`;

/** A seat is present when seen within this many tally intervals. */
const PRESENCE_INTERVALS = 3;
/** A join or a leave anywhere is counted this soon (many at once, once). */
const RECOUNT_DELAY_MS = 300;

export interface WebinarLiveHubOptions {
  db: Database;
  clock: Clock;
  pubsub: PubSub;
  log: FastifyBaseLogger;
  /** WEBINAR_LIVE.tallyIntervalMs by default (tests shorten it). */
  tallyIntervalMs?: number;
}

/**
 * The live sessions' sockets of this process, by webinar, and the one way their news travels:
 * `announce` publishes on the webinar's channel and every process (this one too) delivers it.
 * Each process refreshes its seats' presence every tally interval and counts the viewers from the
 * database, so the count is the same on every process and a crashed process's seats fade out.
 */
export class WebinarLiveHub {
  private readonly rooms = new Map<string, Room>();
  private readonly tallyTimer: NodeJS.Timeout;
  private readonly tallyIntervalMs: number;
  private shuttingDown = false;

  constructor(private readonly options: WebinarLiveHubOptions) {
    this.tallyIntervalMs = options.tallyIntervalMs ?? WEBINAR_LIVE.tallyIntervalMs;
    this.tallyTimer = setInterval(() => void this.tally(), this.tallyIntervalMs);
    this.tallyTimer.unref();
  }

  /** Since when a seat seen counts as present. */
  presentSince(): Date {
    return new Date(this.options.clock().getTime() - PRESENCE_INTERVALS * this.tallyIntervalMs);
  }

  get isShuttingDown(): boolean {
    return this.shuttingDown;
  }

  /** The socket joins its webinar here; resolves once the webinar's news reaches this process. */
  async attach(webinar: LiveWebinar, endpoint: LiveEndpoint, settings: { chatMuted: boolean; speaker: string | null; viewers: number }): Promise<void> {
    const key = keyOf(webinar);
    let room = this.rooms.get(key);
    if (!room) {
      room = {
        webinar,
        endpoints: new Map(),
        ...settings,
        subscription: this.options.pubsub.subscribe(liveChannelOf(webinar), (message) => this.deliver(key, message)),
        recount: null,
      };
      this.rooms.set(key, room);
    }
    // One socket per seat: of two here, the newer generation stays (another process's older one
    // hears of this one through the `joined` news).
    const previous = room.endpoints.get(endpoint.attendee.seat);
    if (previous && previous.generation > endpoint.generation) {
      endpoint.dismiss('replaced');
      return;
    }
    room.endpoints.set(endpoint.attendee.seat, endpoint);
    previous?.dismiss('replaced');
    await room.subscription;
  }

  /** The socket is gone from this process (whatever the reason). */
  detach(webinar: LiveWebinar, endpoint: LiveEndpoint): void {
    const key = keyOf(webinar);
    const room = this.rooms.get(key);
    if (!room || room.endpoints.get(endpoint.attendee.seat) !== endpoint) return;
    room.endpoints.delete(endpoint.attendee.seat);
    if (room.endpoints.size > 0) return;
    this.rooms.delete(key);
    if (room.recount) clearTimeout(room.recount);
    void room.subscription
      .then((unsubscribe) => unsubscribe())
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'webinar channel unsubscribe failed'));
  }

  /** What the sessions check on each message: the chat's mute and the speaker, as the news last said. */
  settingsOf(webinar: LiveWebinar): { chatMuted: boolean; speaker: string | null } | null {
    const room = this.rooms.get(keyOf(webinar));
    return room ? { chatMuted: room.chatMuted, speaker: room.speaker } : null;
  }

  /** News for every process's sockets of the webinar. A failure to publish is logged: the change itself is made. */
  async announce(webinar: LiveWebinar, news: LiveNews): Promise<void> {
    try {
      await this.options.pubsub.publish(liveChannelOf(webinar), JSON.stringify(news));
    } catch (error) {
      this.options.log.error({ err: error, webinarId: webinar.webinarId, kind: news.kind }, 'webinar news could not be announced');
    }
  }

  /** Server shutdown: the sockets close too, and no seat is written as left (their presence fades). */
  shutdown(): void {
    this.shuttingDown = true;
    clearInterval(this.tallyTimer);
    for (const room of this.rooms.values()) if (room.recount) clearTimeout(room.recount);
  }

  private deliver(key: string, message: string): void {
    const room = this.rooms.get(key);
    if (!room) return;
    let news: LiveNews;
    try {
      news = JSON.parse(message) as LiveNews;
    } catch {
      return;
    }
    const endpoints = [...room.endpoints.values()];
    const presenters = endpoints.filter((endpoint) => endpoint.attendee.role === 'presenter');
    switch (news.kind) {
      case 'joined': {
        const { attendee, generation } = news;
        const holder = room.endpoints.get(attendee.seat);
        if (holder && holder.generation < generation) holder.dismiss('replaced');
        // Presenters see everyone come and go; viewers see the presenters.
        for (const endpoint of endpoints) {
          if (endpoint.attendee.seat === attendee.seat) continue;
          if (endpoint.attendee.role === 'presenter' || attendee.role === 'presenter') endpoint.send({ type: 'joined', attendee });
        }
        this.scheduleRecount(room);
        return;
      }
      case 'left': {
        const holder = room.endpoints.get(news.seat);
        if (holder && holder.generation > news.generation) return; // A newer socket holds the seat.
        for (const endpoint of endpoints) if (endpoint.attendee.seat !== news.seat) endpoint.send({ type: 'left', seat: news.seat });
        this.scheduleRecount(room);
        return;
      }
      case 'status':
        for (const endpoint of endpoints) endpoint.send({ type: 'status', status: news.status });
        if (news.status === 'ended' || news.status === 'cancelled') for (const endpoint of endpoints) endpoint.dismiss('ended');
        return;
      case 'chat':
        for (const endpoint of endpoints) endpoint.send({ type: 'chat', from: news.from, text: news.text, at: news.at });
        return;
      case 'chat-muted':
        room.chatMuted = news.muted;
        for (const endpoint of endpoints) endpoint.send({ type: 'chat-muted', muted: news.muted });
        return;
      case 'recording':
        // Everyone is told: a viewer knows when the session is recorded.
        for (const endpoint of endpoints) endpoint.send({ type: 'recording', on: news.on });
        return;
      case 'question': {
        const { question } = news;
        for (const endpoint of endpoints) {
          if (question.status === 'hidden' && endpoint.attendee.role === 'viewer') endpoint.send({ type: 'question-gone', id: question.id });
          else endpoint.send({ type: 'question', question });
        }
        return;
      }
      case 'hands':
        for (const endpoint of endpoints) {
          const hands = endpoint.attendee.role === 'presenter' ? news.hands : news.hands.filter((hand) => hand.seat === endpoint.attendee.seat);
          endpoint.send({ type: 'hands', hands });
        }
        return;
      case 'speaker':
        room.speaker = news.speaker?.seat ?? null;
        for (const endpoint of endpoints) endpoint.send({ type: 'speaker', speaker: news.speaker });
        return;
      case 'removed': {
        room.endpoints.get(news.seat)?.dismiss('removed');
        for (const endpoint of presenters) endpoint.send({ type: 'left', seat: news.seat });
        this.scheduleRecount(room);
        return;
      }
      case 'signal': {
        const target = room.endpoints.get(news.to);
        // Between a presenter and anyone; never from one viewer to another.
        if (!target || (news.from.role !== 'presenter' && target.attendee.role !== 'presenter')) return;
        target.send({ type: 'signal', from: news.from.seat, data: news.data });
        return;
      }
      case 'voice-grant':
        room.endpoints.get(news.to)?.send({ type: 'voice-grant', token: news.token });
        return;
    }
  }

  private scheduleRecount(room: Room): void {
    if (room.recount || this.shuttingDown) return;
    room.recount = setTimeout(() => {
      room.recount = null;
      void this.recount(room);
    }, RECOUNT_DELAY_MS);
    room.recount.unref();
  }

  /** The viewers counted afresh for one webinar's sockets here; told when the count changed. */
  private async recount(room: Room): Promise<void> {
    const { companyId, webinarId } = room.webinar;
    try {
      const count = await this.options.db.withTenant(companyId, (tx) => state.viewerCount(tx, companyId, webinarId, this.presentSince()));
      if (count === room.viewers) return;
      room.viewers = count;
      for (const endpoint of room.endpoints.values()) endpoint.send({ type: 'viewers', count });
    } catch (error) {
      this.options.log.warn({ err: error, webinarId }, 'webinar viewers could not be counted');
    }
  }

  /** Every interval: this process's seats seen now, then each webinar's viewers counted. */
  private async tally(): Promise<void> {
    if (this.shuttingDown) return;
    const now = this.options.clock();
    for (const room of [...this.rooms.values()]) {
      const { companyId, webinarId } = room.webinar;
      const seats = [...room.endpoints.values()].map((endpoint) => ({ seat: endpoint.attendee.seat, generation: endpoint.generation }));
      try {
        await this.options.db.withTenant(companyId, (tx) => state.refreshSeats(tx, companyId, webinarId, seats, now));
      } catch (error) {
        this.options.log.warn({ err: error, webinarId }, 'webinar seats could not be refreshed');
      }
      await this.recount(room);
    }
  }
}
