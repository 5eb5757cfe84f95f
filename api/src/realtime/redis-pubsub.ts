import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import type { PubSub, Unsubscribe } from './pubsub';

type Handler = (message: string) => void;

interface Channel {
  entries: Set<{ handler: Handler }>;
  /** Settles when Redis confirmed the SUBSCRIBE sent for this channel's first subscriber. */
  live: Promise<unknown>;
}

/**
 * A command waiting for a connection is retried over a few reconnections only: a caller (a
 * socket's hello, a notifier after a commit) learns of an outage in seconds instead of hanging.
 */
const MAX_RETRIES_PER_REQUEST = 3;

function connectionOptions(role: 'pub' | 'sub', name: string): RedisOptions {
  return { connectionName: `${name}-${role}`, maxRetriesPerRequest: MAX_RETRIES_PER_REQUEST };
}

/**
 * The pub/sub port over Redis, for several API processes: one connection publishes, one
 * subscribes (a subscribed connection can do nothing else). Local handlers are counted per
 * channel, so Redis sees one SUBSCRIBE per channel however many sockets listen, and an
 * UNSUBSCRIBE when the last one leaves. ioredis sends commands in order on its connection and,
 * after a reconnection, subscribes again to every channel (autoResubscribe); messages published
 * while the connection was down are lost, as the port allows (at most once), and the
 * `onResubscribed` listeners are told once the channels are live again.
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
  private closed = false;

  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.connectionName = `incontra-${process.pid}-${randomBytes(4).toString('hex')}`;
    this.publisher = this.connect(url, 'pub');
    this.subscriber = this.connect(url, 'sub');
    this.subscriber.on('message', (channel: string, message: string) => this.dispatch(channel, message));
    this.watchResubscriptions();
  }

  async publish(channel: string, message: string): Promise<void> {
    if (this.closed) throw new Error('pub/sub closed');
    await this.publisher.publish(channel, message);
  }

  async subscribe(channel: string, handler: Handler): Promise<Unsubscribe> {
    if (this.closed) throw new Error('pub/sub closed');
    let state = this.channels.get(channel);
    if (!state) {
      state = { entries: new Set(), live: this.subscriber.subscribe(channel) };
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
      // the state of the last command, whatever the timing of the replies.
      await this.subscriber.unsubscribe(channel);
    } catch (error) {
      this.log.warn({ err: error, channel }, 'redis pub/sub could not unsubscribe');
    }
  }

  private dispatch(channel: string, message: string): void {
    const state = this.channels.get(channel);
    if (!state) return;
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
    for (const entry of [...this.resubscribedListeners]) {
      try {
        entry.listener();
      } catch (error) {
        this.log.error({ err: error }, 'pub/sub resubscription listener failed');
      }
    }
  }

  private connect(url: string, role: 'pub' | 'sub'): Redis {
    const client = new Redis(url, connectionOptions(role, this.connectionName));
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
