import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { PubSub, Unsubscribe } from './pubsub';
import { DEFAULT_REDIS_TIMEOUTS, firstReady, openRedis, type RedisTimeouts } from './redis-timeouts';

type Handler = (message: string) => void;

interface Channel {
  entries: Set<{ handler: Handler }>;
  /** Settles when Redis confirmed the SUBSCRIBE sent for this channel's first subscriber. */
  live: Promise<unknown>;
}

/**
 * Published on a channel, in place of a message that could not be: 'a message of this channel was
 * lost'. Never handed to a handler; every process subscribed to the channel tells its
 * `onResubscribed` listeners, which read their state afresh. No message of the application is
 * this string (they are JSON, ids or names).
 */
export const LOST_MESSAGE_NOTICE = 'incontra:pubsub:lost-message';
/** Channels whose loss is remembered until it can be told (one per company, plus one per process). */
const LOST_CHANNELS_BOUND = 10_000;
/** The subscriber connection is checked this many command timeouts apart. */
const HEALTH_CHECK_FACTOR = 5;
/** ioredis states in which the publisher connection is known to be down (not merely connecting). */
const DOWN_STATES = new Set(['reconnecting', 'close', 'end']);

/**
 * The pub/sub port over Redis, for several API processes: one connection publishes, one
 * subscribes (a subscribed connection can do nothing else). Local handlers are counted per
 * channel, so Redis sees one SUBSCRIBE per channel however many sockets listen, and an
 * UNSUBSCRIBE when the last one leaves. ioredis sends commands in order on its connection and,
 * after a reconnection, subscribes again to every channel (autoResubscribe); messages published
 * while the connection was down are lost, as the port allows (at most once), and the
 * `onResubscribed` listeners are told once the channels are live again.
 *
 * No call waits on Redis for longer than the command timeout (redis-timeouts.ts). A publish fails
 * at once while the connection is known to be down, and after the timeout when Redis does not
 * answer (a partition); the channel is remembered, and once Redis answers again the loss is told
 * on it (LOST_MESSAGE_NOTICE), so that every process listening there, not only this one, reads its
 * state afresh. The subscriber connection is pinged every few timeouts: behind a partition
 * nothing would close it, and it would stay subscribed to nothing for ever.
 */
export class RedisPubSub implements PubSub {
  readonly kind = 'redis' as const;
  /** The connections' CLIENT SETNAME prefix: tells them apart in CLIENT LIST (tests, operators). */
  readonly connectionName: string;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channels = new Map<string, Channel>();
  /** Entries, not functions: the same function registered twice runs twice, as with handlers. */
  private readonly resubscribedListeners = new Set<{ listener: () => void }>();
  /** Channels where a message could not be published, to be told once Redis answers again. */
  private readonly lostOn = new Set<string>();
  private lossTimer: NodeJS.Timeout | null = null;
  private readonly healthTimer: NodeJS.Timeout;
  private closed = false;

  private readonly log: FastifyBaseLogger;
  private readonly timeouts: RedisTimeouts;

  constructor({ url, log, timeouts = DEFAULT_REDIS_TIMEOUTS }: { url: string; log: FastifyBaseLogger; timeouts?: RedisTimeouts }) {
    this.log = log;
    this.timeouts = timeouts;
    this.connectionName = `incontra-${process.pid}-${randomBytes(4).toString('hex')}`;
    this.publisher = this.connect(url, 'pub');
    this.subscriber = this.connect(url, 'sub');
    this.subscriber.on('message', (channel: string, message: string) => this.dispatch(channel, message));
    this.publisher.on('ready', () => this.tellLossesSoon());
    this.watchResubscriptions();
    this.healthTimer = setInterval(() => this.checkSubscriber(), HEALTH_CHECK_FACTOR * timeouts.commandMs);
    this.healthTimer.unref();
  }

  async publish(channel: string, message: string): Promise<void> {
    if (this.closed) throw new Error('pub/sub closed');
    try {
      await firstReady(this.publisher, this.timeouts);
      if (DOWN_STATES.has(this.publisher.status)) throw new Error(`redis pub/sub connection ${this.publisher.status}`);
      await this.publisher.publish(channel, message);
    } catch (error) {
      this.lost(channel);
      throw error;
    }
  }

  async subscribe(channel: string, handler: Handler): Promise<Unsubscribe> {
    if (this.closed) throw new Error('pub/sub closed');
    let state = this.channels.get(channel);
    if (!state) {
      state = { entries: new Set(), live: firstReady(this.subscriber, this.timeouts).then(() => this.subscriber.subscribe(channel)) };
      this.channels.set(channel, state);
    }
    const entry = { handler };
    state.entries.add(entry);
    const unsubscribe = () => this.leave(channel, state, entry);
    try {
      await state.live;
    } catch (error) {
      await unsubscribe();
      throw error;
    }
    return unsubscribe;
  }

  onResubscribed(listener: () => void): () => void {
    const entry = { listener };
    this.resubscribedListeners.add(entry);
    return () => this.resubscribedListeners.delete(entry);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.healthTimer);
    if (this.lossTimer) clearTimeout(this.lossTimer);
    this.lossTimer = null;
    this.lostOn.clear();
    this.channels.clear();
    this.resubscribedListeners.clear();
    await Promise.all([shut(this.publisher), shut(this.subscriber)]);
  }

  /** Channels this process is subscribed to (tests: nothing may stay subscribed by mistake). */
  channelCount(): number {
    return this.channels.size;
  }

  private async leave(channel: string, state: Channel, entry: { handler: Handler }): Promise<void> {
    if (!state.entries.delete(entry) || state.entries.size > 0 || this.channels.get(channel) !== state) return;
    this.channels.delete(channel);
    if (this.closed) return;
    try {
      // Sent after the SUBSCRIBE on the same connection, and before any later one: Redis ends in
      // the state of the last command, whatever the timing of the replies. Both wait for the first
      // connection the same way, so they keep their order.
      await firstReady(this.subscriber, this.timeouts);
      await this.subscriber.unsubscribe(channel);
    } catch (error) {
      this.log.warn({ err: error, channel }, 'redis pub/sub could not unsubscribe');
    }
  }

  private dispatch(channel: string, message: string): void {
    const state = this.channels.get(channel);
    if (!state) return;
    if (message === LOST_MESSAGE_NOTICE) {
      this.log.info({ channel }, 'redis pub/sub: a message of this channel was lost; state is read afresh');
      this.tellResubscribed();
      return;
    }
    for (const entry of [...state.entries]) {
      try {
        entry.handler(message);
      } catch (error) {
        this.log.error({ err: error, channel }, 'pub/sub handler failed');
      }
    }
  }

  /**
   * A subscriber connection that was up and closed has lost messages. When it is ready again,
   * ioredis has just written its own SUBSCRIBEs ('ready' is emitted on the next tick, after
   * them); one more SUBSCRIBE of the channels still wanted, on the same connection, is answered
   * after those, so when it resolves every channel is live and the listeners are told. Dropped
   * again before that: the next 'ready' tries again.
   */
  private watchResubscriptions(): void {
    let wasReady = false;
    let lost = false;
    this.subscriber.on('close', () => {
      if (wasReady && !this.closed) lost = true;
    });
    this.subscriber.on('ready', () => {
      wasReady = true;
      if (!lost || this.closed) return;
      lost = false;
      void this.confirmResubscribed();
    });
  }

  private async confirmResubscribed(): Promise<void> {
    const channels = [...this.channels.keys()];
    try {
      if (channels.length > 0) await this.subscriber.subscribe(...channels);
    } catch (error) {
      this.log.warn({ err: error }, 'redis pub/sub subscriptions not confirmed after reconnecting');
      return;
    }
    if (this.closed) return;
    this.log.info({ channels: channels.length }, 'redis pub/sub subscribed again: what was published meanwhile is lost');
    this.tellResubscribed();
  }

  private tellResubscribed(): void {
    for (const entry of [...this.resubscribedListeners]) {
      try {
        entry.listener();
      } catch (error) {
        this.log.error({ err: error }, 'pub/sub resubscription listener failed');
      }
    }
  }

  /** A message of `channel` could not be published: the loss is told there once Redis answers. */
  private lost(channel: string): void {
    if (this.closed) return;
    if (this.lostOn.size < LOST_CHANNELS_BOUND) this.lostOn.add(channel);
    else this.log.error({ channel }, 'redis pub/sub: too many channels with lost messages; this loss will not be told');
    this.tellLossesSoon();
  }

  /** Tries again every command timeout until every loss is told (none while the connection is known down). */
  private tellLossesSoon(): void {
    if (this.closed || this.lossTimer || this.lostOn.size === 0) return;
    this.lossTimer = setTimeout(() => {
      this.lossTimer = null;
      void this.tellLosses();
    }, this.timeouts.commandMs);
    this.lossTimer.unref();
  }

  private async tellLosses(): Promise<void> {
    for (const channel of [...this.lostOn]) {
      if (this.closed || DOWN_STATES.has(this.publisher.status)) break;
      try {
        await this.publisher.publish(channel, LOST_MESSAGE_NOTICE);
        this.lostOn.delete(channel);
      } catch {
        break; // Still unreachable: the next attempt tells it.
      }
    }
    if (this.lostOn.size > 0) this.tellLossesSoon();
    else this.log.info('redis pub/sub: every lost message told');
  }

  /**
   * A PING on the subscriber connection: one not answered within the command timeout makes
   * ioredis drop and reopen the connection (socketTimeout), which subscribes again and tells the
   * listeners. Its own failure is that, nothing more to do.
   */
  private checkSubscriber(): void {
    if (this.closed || this.subscriber.status !== 'ready') return;
    this.subscriber.ping().catch(() => undefined);
  }

  private connect(url: string, role: 'pub' | 'sub'): Redis {
    const client = openRedis(url, `${this.connectionName}-${role}`, this.timeouts);
    // Without a listener ioredis prints every connection error itself; reconnecting is its job.
    let healthy = true;
    client.on('error', (error: Error) => {
      if (healthy) this.log.error({ err: error, role }, 'redis pub/sub connection failed; reconnecting');
      healthy = false;
    });
    client.on('ready', () => {
      if (!healthy) this.log.info({ role }, 'redis pub/sub connection back');
      healthy = true;
    });
    return client;
  }
}

/** QUIT when connected (pending replies arrive first); a connection that is down just stops. */
async function shut(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    try {
      await client.quit();
      return;
    } catch {
      // Falls through to disconnect.
    }
  }
  client.disconnect();
}
