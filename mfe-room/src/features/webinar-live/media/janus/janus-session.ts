import type { SocketLike } from '@incontra/mfe-kit/realtime/socket-link';

/**
 * The browser's line to Janus over its WebSocket transport (subprotocol `janus-protocol`, plain
 * JSON): one session, its handles, requests matched to answers by transaction, asynchronous plugin
 * events handed to the handle they are for, a keep-alive well inside Janus' 60 s session timeout.
 * Every request has a deadline: an SFU that does not answer fails the request, it never hangs it.
 */

export type JanusMessage = Record<string, unknown> & { janus: string };
export interface Jsep {
  type: 'offer' | 'answer';
  sdp: string;
}
export interface PluginEvent {
  data: Record<string, unknown>;
  jsep: Jsep | null;
}

export const JANUS_REQUEST_TIMEOUT_MS = 10_000;
export const JANUS_KEEPALIVE_MS = 25_000;

export class JanusError extends Error {
  constructor(
    readonly code: number,
    reason: string,
  ) {
    super(`Janus ${code}: ${reason}`);
  }
}

interface Pending {
  resolve: (message: JanusMessage) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
  /** A plugin message: Janus says `ack` first, and the answer comes as an `event` with the same transaction. */
  awaitsEvent: boolean;
}

const OPEN = 1;
let transactions = 0;
const nextTransaction = () => `t${Date.now().toString(36)}${(transactions += 1).toString(36)}`;

function pluginData(message: JanusMessage): Record<string, unknown> {
  const plugindata = message.plugindata as { data?: Record<string, unknown> } | undefined;
  return plugindata?.data ?? {};
}

function jsepOf(message: JanusMessage): Jsep | null {
  const jsep = message.jsep as Partial<Jsep> | undefined;
  return jsep && (jsep.type === 'offer' || jsep.type === 'answer') && typeof jsep.sdp === 'string' ? { type: jsep.type, sdp: jsep.sdp } : null;
}

export class JanusHandle {
  /** Plugin events nobody asked for (a publisher leaving, an updated subscription). */
  onEvent: ((event: PluginEvent) => void) | null = null;
  /** Janus hung up this handle's PeerConnection or detached it. */
  onGone: (() => void) | null = null;

  constructor(
    private readonly session: JanusSession,
    readonly id: number,
  ) {}

  /** A synchronous plugin request (`listparticipants`): its answer's data. */
  async request(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const answer = await this.session.send({ janus: 'message', handle_id: this.id, body }, false);
    const data = pluginData(answer);
    if (data.error_code !== undefined) throw new JanusError(Number(data.error_code), String(data.error ?? ''));
    return data;
  }

  /** An asynchronous plugin request (`join`, `publish`, `start`): the event that answers it. */
  async message(body: Record<string, unknown>, jsep?: Jsep): Promise<PluginEvent> {
    const answer = await this.session.send({ janus: 'message', handle_id: this.id, body, ...(jsep ? { jsep } : {}) }, true);
    const data = pluginData(answer);
    if (data.error_code !== undefined) throw new JanusError(Number(data.error_code), String(data.error ?? ''));
    return { data, jsep: jsepOf(answer) };
  }

  trickle(candidate: RTCIceCandidateInit | null): void {
    this.session.post({ janus: 'trickle', handle_id: this.id, candidate: candidate ?? { completed: true } });
  }

  detach(): void {
    this.session.post({ janus: 'detach', handle_id: this.id });
    this.session.forget(this.id);
  }
}

export class JanusSession {
  private socket: SocketLike | null = null;
  private sessionId: number | null = null;
  private readonly pending = new Map<string, Pending>();
  private readonly handles = new Map<number, JanusHandle>();
  private keepalive: ReturnType<typeof setInterval> | null = null;
  private closed = false;
  /** The connection to Janus is lost: every handle with it. */
  onLost: (() => void) | null = null;

  constructor(
    private readonly url: string,
    private readonly createSocket: (url: string) => SocketLike = (address) => new WebSocket(address, 'janus-protocol'),
  ) {}

  /** Opens the socket and creates the session. */
  async open(): Promise<void> {
    const socket = this.createSocket(this.url);
    this.socket = socket;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('Janus did not answer')), JANUS_REQUEST_TIMEOUT_MS);
      socket.onopen = () => {
        clearTimeout(timer);
        resolve();
      };
      socket.onclose = () => {
        clearTimeout(timer);
        reject(new Error('Janus closed the connection'));
      };
      socket.onerror = () => undefined;
      if (socket.readyState === OPEN) socket.onopen?.call(socket as unknown as WebSocket, new Event('open'));
    });
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = () => this.lost();
    const created = await this.send({ janus: 'create' }, false);
    this.sessionId = Number((created.data as { id?: number } | undefined)?.id);
    this.keepalive = setInterval(() => void this.send({ janus: 'keepalive' }, false).catch(() => undefined), JANUS_KEEPALIVE_MS);
  }

  async attach(opaqueId: string): Promise<JanusHandle> {
    const answer = await this.send({ janus: 'attach', plugin: 'janus.plugin.videoroom', opaque_id: opaqueId }, false);
    const handle = new JanusHandle(this, Number((answer.data as { id?: number } | undefined)?.id));
    this.handles.set(handle.id, handle);
    return handle;
  }

  /** Sends with a transaction; resolves with the answer (`success`, or the plugin's `event`), rejects on `error` or at the deadline. */
  send(message: JanusMessage, awaitsEvent: boolean): Promise<JanusMessage> {
    if (this.closed) return Promise.reject(new Error('Janus session closed'));
    const transaction = nextTransaction();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(transaction);
        reject(new Error(`Janus did not answer ${message.janus}`));
      }, JANUS_REQUEST_TIMEOUT_MS);
      this.pending.set(transaction, { resolve, reject, timer, awaitsEvent });
      if (!this.post({ ...message, transaction })) {
        clearTimeout(timer);
        this.pending.delete(transaction);
        reject(new Error('Janus connection is not open'));
      }
    });
  }

  /** Sends without waiting for an answer (trickle, detach); false when the socket is not open. */
  post(message: JanusMessage): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return false;
    const withSession = this.sessionId === null ? message : { ...message, session_id: this.sessionId };
    socket.send(JSON.stringify(withSession));
    return true;
  }

  forget(handleId: number): void {
    this.handles.delete(handleId);
  }

  /** Destroys the session at Janus and closes the socket. */
  close(): void {
    if (this.closed) return;
    if (this.sessionId !== null) this.post({ janus: 'destroy', transaction: nextTransaction() });
    this.closed = true;
    this.stop();
    this.socket?.close(1000);
    this.socket = null;
  }

  private receive(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let message: JanusMessage;
    try {
      message = JSON.parse(raw) as JanusMessage;
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null || typeof message.janus !== 'string') return;
    const transaction = typeof message.transaction === 'string' ? message.transaction : null;
    const pending = transaction ? this.pending.get(transaction) : undefined;
    if (pending && transaction) {
      if (message.janus === 'ack' && pending.awaitsEvent) return;
      clearTimeout(pending.timer);
      this.pending.delete(transaction);
      if (message.janus === 'error') {
        const error = message.error as { code?: number; reason?: string } | undefined;
        pending.reject(new JanusError(Number(error?.code ?? 0), String(error?.reason ?? '')));
      } else pending.resolve(message);
      return;
    }
    const handle = this.handles.get(Number(message.sender));
    if (!handle) return;
    if (message.janus === 'event') handle.onEvent?.({ data: pluginData(message), jsep: jsepOf(message) });
    else if (message.janus === 'hangup' || message.janus === 'detached') handle.onGone?.();
  }

  private lost(): void {
    if (this.closed) return;
    this.closed = true;
    this.stop();
    this.onLost?.();
  }

  private stop(): void {
    if (this.keepalive) clearInterval(this.keepalive);
    this.keepalive = null;
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(new Error('Janus session closed'));
    }
    this.pending.clear();
  }
}
