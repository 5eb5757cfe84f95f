import type { FastifyBaseLogger } from 'fastify';
import type { PubSub, Unsubscribe } from './pubsub';

type Handler = (message: string) => void;

/**
 * The pub/sub port inside one process (the default, with no REDIS_URL). A message is handed out
 * on a later microtask, never inside the publisher's call: a handler that publishes, subscribes
 * or throws cannot disturb the code that published, just as with a real broker.
 */
export class InProcessPubSub implements PubSub {
  readonly kind = 'in-process' as const;
  /** Each subscription is its own entry, so the same function subscribed twice runs twice. */
  private readonly channels = new Map<string, Set<{ handler: Handler }>>();
  private closed = false;

  constructor(private readonly log?: FastifyBaseLogger) {}

  async publish(channel: string, message: string): Promise<void> {
    if (this.closed) throw new Error('pub/sub closed');
    const entries = this.channels.get(channel);
    if (!entries) return;
    // The subscribers of the moment of publishing; one that leaves before delivery gets nothing.
    const recipients = [...entries];
    queueMicrotask(() => {
      for (const entry of recipients) if (entries.has(entry)) this.deliver(channel, entry.handler, message);
    });
  }

  async subscribe(channel: string, handler: Handler): Promise<Unsubscribe> {
    if (this.closed) throw new Error('pub/sub closed');
    const entry = { handler };
    let entries = this.channels.get(channel);
    if (!entries) {
      entries = new Set();
      this.channels.set(channel, entries);
    }
    entries.add(entry);
    const subscribed = entries;
    return async () => {
      subscribed.delete(entry);
      if (subscribed.size === 0 && this.channels.get(channel) === subscribed) this.channels.delete(channel);
    };
  }

  /** Nothing here is ever lost to a dropped connection: the listener is never called. */
  onResubscribed(_listener: () => void): () => void {
    return () => undefined;
  }

  /** Nothing is delivered after this, not even what was published just before. */
  async close(): Promise<void> {
    this.closed = true;
    for (const entries of this.channels.values()) entries.clear();
    this.channels.clear();
  }

  /** Channels with at least one subscriber (for tests: nothing may stay subscribed by mistake). */
  channelCount(): number {
    return this.channels.size;
  }

  private deliver(channel: string, handler: Handler, message: string): void {
    try {
      handler(message);
    } catch (error) {
      this.log?.error({ err: error, channel }, 'pub/sub handler failed');
    }
  }
}
