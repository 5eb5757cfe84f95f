import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';

/*
 * Janus' JSON API over its WebSocket transport, no client library: a request carries a
 * `transaction`, its answer (`success`, `error`, or for an asynchronous plugin request `ack` then
 * an `event`) carries it back. Every request has a timeout; sessions are kept alive more often
 * than Janus' 60 s session timeout.
 */

/** How long one request may wait for its answer. */
export const JANUS_REQUEST_TIMEOUT_MS = 10_000;
/** Keep-alives well inside Janus' session_timeout (60 s). */
export const JANUS_KEEPALIVE_MS = 25_000;

export type JanusMessage = Record<string, unknown> & { janus: string; transaction?: string };

/** Janus said no: its error code and reason (core errors, or a plugin's `error_code`). */
export class JanusError extends Error {
  constructor(
    readonly code: number,
    reason: string,
  ) {
    super(`Janus error ${code}: ${reason}`);
    this.name = 'JanusError';
  }
}

interface Pending {
  resolve(message: JanusMessage): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  /** An asynchronous plugin request: its `ack` is not the answer, the `event` is. */
  waitForEvent: boolean;
}

/** One WebSocket to Janus (the API, or the Admin API with `admin: true`). */
export class JanusConnection {
  private readonly pending = new Map<string, Pending>();
  private closedError: Error | null = null;

  private constructor(
    private readonly socket: WebSocket,
    private readonly timeoutMs: number,
  ) {
    socket.on('message', (data) => this.receive(data.toString()));
    socket.on('close', () => this.fail(new Error('Janus closed the connection')));
    socket.on('error', (error) => this.fail(error));
  }

  static open(url: string, options: { admin?: boolean; timeoutMs?: number } = {}): Promise<JanusConnection> {
    const timeoutMs = options.timeoutMs ?? JANUS_REQUEST_TIMEOUT_MS;
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, options.admin ? 'janus-admin-protocol' : 'janus-protocol', { handshakeTimeout: timeoutMs });
      socket.once('open', () => resolve(new JanusConnection(socket, timeoutMs)));
      socket.once('error', reject);
    });
  }

  /** Sends `message` with a new transaction; resolves with Janus' answer, rejects with a JanusError or on timeout. */
  request(message: Record<string, unknown> & { janus: string }, waitForEvent = false): Promise<JanusMessage> {
    if (this.closedError) return Promise.reject(this.closedError);
    const transaction = randomUUID();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(transaction);
        reject(new Error(`Janus did not answer ${message.janus} within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.pending.set(transaction, { resolve, reject, timer, waitForEvent });
      this.socket.send(JSON.stringify({ ...message, transaction }));
    });
  }

  close(): void {
    this.fail(new Error('closed'));
    this.socket.close();
  }

  private receive(text: string): void {
    let message: JanusMessage;
    try {
      message = JSON.parse(text) as JanusMessage;
    } catch {
      return;
    }
    const transaction = typeof message.transaction === 'string' ? message.transaction : null;
    const pending = transaction ? this.pending.get(transaction) : undefined;
    if (!pending || !transaction) return;
    if (message.janus === 'ack' && pending.waitForEvent) return;
    this.pending.delete(transaction);
    clearTimeout(pending.timer);
    const error = message.error as { code?: number; reason?: string } | undefined;
    if (message.janus === 'error' && error) pending.reject(new JanusError(error.code ?? 0, error.reason ?? 'unknown'));
    else pending.resolve(message);
  }

  private fail(error: Error): void {
    if (this.closedError) return;
    this.closedError = error;
    for (const [transaction, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(error);
      this.pending.delete(transaction);
    }
  }
}

/** A Janus session with one handle attached to the VideoRoom plugin, kept alive until closed. */
export class VideoRoomHandle {
  private readonly keepAlive: NodeJS.Timeout;

  private constructor(
    private readonly connection: JanusConnection,
    readonly sessionId: number,
    readonly handleId: number,
  ) {
    this.keepAlive = setInterval(() => {
      void this.connection.request({ janus: 'keepalive', session_id: this.sessionId }).catch(() => undefined);
    }, JANUS_KEEPALIVE_MS);
    this.keepAlive.unref();
  }

  /** `opaqueId`: the handle's label, which the Admin API shows (browsers attach with the one their credential names). */
  static async open(url: string, options: { timeoutMs?: number; opaqueId?: string } = {}): Promise<VideoRoomHandle> {
    const connection = await JanusConnection.open(url, options);
    try {
      const session = await connection.request({ janus: 'create' });
      const sessionId = (session.data as { id: number }).id;
      const handle = await connection.request({
        janus: 'attach',
        session_id: sessionId,
        plugin: 'janus.plugin.videoroom',
        ...(options.opaqueId ? { opaque_id: options.opaqueId } : {}),
      });
      return new VideoRoomHandle(connection, sessionId, (handle.data as { id: number }).id);
    } catch (error) {
      connection.close();
      throw error;
    }
  }

  /** A synchronous VideoRoom request (create, destroy, exists, allowed, kick, listparticipants): its data, or the plugin's JanusError. */
  send(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    return this.message(body, false);
  }

  /** An asynchronous VideoRoom request (join, configure, leave): the data of its event, or the plugin's JanusError. */
  ask(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    return this.message(body, true);
  }

  private async message(body: Record<string, unknown>, waitForEvent: boolean): Promise<Record<string, unknown>> {
    const answer = await this.connection.request({ janus: 'message', session_id: this.sessionId, handle_id: this.handleId, body }, waitForEvent);
    const data = ((answer.plugindata as { data?: Record<string, unknown> } | undefined)?.data ?? {}) as Record<string, unknown>;
    if (typeof data.error_code === 'number') throw new JanusError(data.error_code, String(data.error ?? 'VideoRoom error'));
    return data;
  }

  async close(): Promise<void> {
    clearInterval(this.keepAlive);
    await this.connection.request({ janus: 'destroy', session_id: this.sessionId }).catch(() => undefined);
    this.connection.close();
  }
}
