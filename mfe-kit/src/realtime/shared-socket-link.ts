/**
 * One socket link for every part of a page that needs the same live line (the back office's live
 * queue, agenda and navigation badge share the staff lobby's): opened when the first user joins,
 * closed when the last one leaves, with one set of options. Each user hears every message and
 * change of status, and may bring a fallback of its own, polled while the link is down or refused
 * and stopped once it is up, like the link's own fallback (socket-link.ts).
 */
import { SocketLink, type LinkStatus, type SocketLinkOptions } from './socket-link';
import { Poller, type PollerOptions } from './socket-timers';

export interface LinkUser<Received> {
  onMessage?(message: Received): void;
  /** Each change of status; at the join, the status the link already has unless it is still connecting. */
  onStatus?(status: LinkStatus, closeCode: number | null): void;
  /** Polled while the link is down or refused (at once, then every interval); stopped once it is up or the user left. */
  fallback?: PollerOptions;
}

export type SharedSocketLinkOptions<Received, Sent> = Omit<SocketLinkOptions<Received, Sent>, 'onMessage' | 'onStatus' | 'fallback'> & {
  /** Hears each message before the users: the protocol's own rules, and what every user reads. */
  onMessage?(message: Received): void;
  /** Hears each change before the users, `connecting` when a first user opens the link and `closed` when the last one left. */
  onStatus?(status: LinkStatus, closeCode: number | null): void;
};

interface Joined<Received> {
  user: LinkUser<Received>;
  poller: Poller | null;
}

/** A reference-counted `SocketLink`: `join` holds it open, the function it answers lets go. */
export class SharedSocketLink<Received, Sent> {
  private link: SocketLink<Received, Sent> | null = null;
  private readonly joined = new Set<Joined<Received>>();
  /** The close code of the last change, told to a user joining a link already down. */
  private closeCode: number | null = null;

  constructor(private readonly options: SharedSocketLinkOptions<Received, Sent>) {}

  /** `closed` while nobody uses it. */
  get status(): LinkStatus {
    return this.link?.status ?? 'closed';
  }

  /** Holds the link open for `user` (opening it for the first one) until the answered function is called. */
  join(user: LinkUser<Received>): () => void {
    const entry: Joined<Received> = { user, poller: user.fallback ? new Poller(user.fallback) : null };
    this.joined.add(entry);
    if (!this.link) this.open();
    else if (this.status !== 'connecting') this.tell(entry, this.status, this.closeCode);
    return () => this.leave(entry);
  }

  /** Sends on the current socket if it is open; answers whether it went. */
  send(message: Sent): boolean {
    return this.link?.send(message) ?? false;
  }

  /** Gives up on the current socket (the protocol says it is no good) and tries again after the backoff. */
  drop(): void {
    this.link?.drop();
  }

  /** No more attempts while anyone uses the link (the server ended the session); the users' fallbacks poll on. */
  refuse(): void {
    this.link?.refuse();
  }

  private open(): void {
    const { onMessage, onStatus, ...options } = this.options;
    const link = new SocketLink<Received, Sent>({
      ...options,
      onMessage: (message) => {
        onMessage?.(message);
        this.each(link, (entry) => entry.user.onMessage?.(message));
      },
      onStatus: (status, closeCode) => {
        this.closeCode = closeCode;
        onStatus?.(status, closeCode);
        this.each(link, (entry) => this.tell(entry, status, closeCode));
      },
    });
    this.link = link;
    this.closeCode = null;
    onStatus?.('connecting', null);
    link.start();
  }

  private tell(entry: Joined<Received>, status: LinkStatus, closeCode: number | null): void {
    if (status === 'up') entry.poller?.stop();
    else entry.poller?.start();
    entry.user.onStatus?.(status, closeCode);
  }

  /** Calls `visit` for each user still there, as long as `link` is the current one (a user may leave, the last one closing it). */
  private each(link: SocketLink<Received, Sent>, visit: (entry: Joined<Received>) => void): void {
    for (const entry of [...this.joined]) {
      if (this.link !== link) return;
      if (this.joined.has(entry)) visit(entry);
    }
  }

  private leave(entry: Joined<Received>): void {
    if (!this.joined.delete(entry)) return;
    entry.poller?.stop();
    if (this.joined.size > 0) return;
    const link = this.link;
    this.link = null;
    link?.close();
    this.options.onStatus?.('closed', null);
  }
}
