import { VIDEO_PROVIDER } from '@incontra/contracts/constants';
import {
  WEBINAR_LIVE,
  WEBINAR_LIVE_CLOSE,
  WEBINAR_LIVE_RECONNECT_BACKOFF,
  serverWebinarLiveMessageSchema,
  type ClientWebinarLiveMessage,
  type ServerWebinarLiveMessage,
} from '@incontra/contracts/realtime/webinar-live';
import { SocketLink, type LinkStatus, type SocketLike } from '@incontra/mfe-kit/realtime/socket-link';
import { Emitter } from '../../room/media/emitter';

/** Why the session put us out for good: the server's `bye`, or a final close code that comes without one. */
export type LiveEnd = Extract<ServerWebinarLiveMessage, { type: 'bye' }>['reason'] | 'too-many-connections';

export interface LiveClientEvents {
  /** Every frame the contract accepts, the welcome of each (re)connection included. */
  message: (message: ServerWebinarLiveMessage) => void;
  /** The welcomed socket was lost (`false`, the client is already trying again) or welcomed again (`true`). */
  connected: (up: boolean) => void;
  /** No more attempts. */
  ended: (reason: LiveEnd) => void;
}

export interface LiveClientOptions {
  token: string;
  origin?: string;
  createSocket?: (url: string) => SocketLike;
}

const FINAL_CLOSES: Record<number, LiveEnd> = {
  [WEBINAR_LIVE_CLOSE.unauthorized]: 'unauthorized',
  [WEBINAR_LIVE_CLOSE.removed]: 'removed',
  [WEBINAR_LIVE_CLOSE.ended]: 'ended',
  [WEBINAR_LIVE_CLOSE.replaced]: 'replaced',
  [WEBINAR_LIVE_CLOSE.tooManyBadMessages]: 'abuse',
  [WEBINAR_LIVE_CLOSE.tooManyConnections]: 'too-many-connections',
};

/** Actions a participant sends; media signals queued while the socket is down, the rest refused at once. */
export type LiveAction = Exclude<ClientWebinarLiveMessage, { type: 'hello' | 'heartbeat' | 'bye' }>;

/** Signals written while the socket is down wait here (an answer must not be lost to a blip). */
const SIGNAL_OUTBOX_LIMIT = 200;

/**
 * A participant's line to the live session (the kit's socket link): hello with the join's
 * credential, the welcome, the session's news and our actions. A lost socket is opened again with
 * backoff and the same credential, and the next welcome carries the whole state again; a `bye` or a
 * final close code ends it.
 */
export class WebinarLiveClient extends Emitter<LiveClientEvents> {
  private readonly link: SocketLink<ServerWebinarLiveMessage, ClientWebinarLiveMessage>;
  private finished = false;
  private welcomed = false;
  private outbox: ClientWebinarLiveMessage[] = [];

  constructor(options: LiveClientOptions) {
    super();
    this.link = new SocketLink({
      path: WEBINAR_LIVE.path,
      origin: options.origin,
      createSocket: options.createSocket,
      schema: serverWebinarLiveMessageSchema,
      hello: { type: 'hello', token: options.token },
      openTimeoutMs: VIDEO_PROVIDER.websocketOpenTimeoutMs,
      welcome: { is: (message) => message.type === 'welcome', timeoutMs: VIDEO_PROVIDER.welcomeTimeoutMs },
      heartbeat: {
        intervalMs: WEBINAR_LIVE.heartbeatIntervalMs,
        silenceLimitMs: WEBINAR_LIVE.heartbeatIntervalMs * WEBINAR_LIVE.maxMissedHeartbeats,
        ping: { type: 'heartbeat' },
      },
      backoff: WEBINAR_LIVE_RECONNECT_BACKOFF,
      finalCloseCodes: Object.keys(FINAL_CLOSES).map(Number),
      onMessage: (message) => this.handle(message),
      onStatus: (status, code) => this.linkChanged(status, code),
    });
  }

  get connected(): boolean {
    return this.welcomed;
  }

  start(): void {
    if (!this.finished) this.link.start();
  }

  /**
   * Sends an action; answers whether it went. The media's own messages (signals, Twilio's
   * `media-joined`) wait for the next welcome when the socket is down; any other action is the
   * participant's, who is told it did not go.
   */
  act(action: LiveAction): boolean {
    if (this.finished) return false;
    if (this.welcomed && this.link.send(action)) return true;
    if (action.type !== 'signal' && action.type !== 'media-joined') return false;
    this.outbox.push(action);
    if (this.outbox.length > SIGNAL_OUTBOX_LIMIT) this.outbox.shift();
    return true;
  }

  /** Leaves: `bye` (the others see us go at once), then the socket closes. */
  close(): void {
    if (this.finished) return;
    this.finished = true;
    this.link.send({ type: 'bye' });
    this.link.close();
    this.outbox = [];
  }

  private handle(message: ServerWebinarLiveMessage): void {
    if (message.type === 'heartbeat') return;
    if (message.type === 'bye') return this.end(message.reason);
    if (message.type === 'welcome') {
      this.welcomed = true;
      this.emit('message', message);
      this.emit('connected', true);
      const queued = this.outbox;
      this.outbox = [];
      for (const action of queued) this.link.send(action);
      return;
    }
    this.emit('message', message);
  }

  private linkChanged(status: LinkStatus, code: number | null): void {
    if (status === 'refused') return this.end((code !== null && FINAL_CLOSES[code]) || 'unauthorized');
    if (status === 'down' && this.welcomed) {
      this.welcomed = false;
      this.emit('connected', false);
    }
  }

  private end(reason: LiveEnd): void {
    if (this.finished) return;
    this.finished = true;
    this.welcomed = false;
    this.link.close();
    this.outbox = [];
    this.emit('ended', reason);
  }
}
