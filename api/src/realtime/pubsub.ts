/**
 * The pub/sub port: messages to every API process that listens on a channel, this one included.
 * In-process by default (one process); Redis when REDIS_URL is set (several processes share the
 * lobby and the rooms). Delivery is at most once and in order per channel and publisher.
 */
export type Unsubscribe = () => Promise<void>;

export interface PubSub {
  /** Which adapter runs (for logs and the bench). */
  readonly kind: 'in-process' | 'redis';
  publish(channel: string, message: string): Promise<void>;
  /** Resolves once the subscription is live: a message published after that reaches `handler`. */
  subscribe(channel: string, handler: (message: string) => void): Promise<Unsubscribe>;
  /**
   * At most once has a gap: what is published while a broker connection is down reaches nobody.
   * `listener` runs each time messages may have been lost: the subscriptions are live again after
   * such a loss (never for the first connection), or a process (this one or another) could not
   * publish a message on a channel subscribed here and says so once the broker answers again. So
   * whoever keeps state built from messages can read it afresh: a message published after the
   * call reaches the handlers. Answers a function that removes the listener. An adapter without
   * the method never loses a message (in-process).
   */
  onResubscribed?(listener: () => void): () => void;
  close(): Promise<void>;
}
