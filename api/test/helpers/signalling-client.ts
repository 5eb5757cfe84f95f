import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { SIGNALLING, type ServerSignallingMessage } from '@incontra/contracts/realtime/signalling';

type MessageOf<T extends ServerSignallingMessage['type']> = Extract<ServerSignallingMessage, { type: T }>;

/** The signalling URL of an app listening on a real port (upgrades need a real server). */
export async function signallingUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}${SIGNALLING.path}`;
}

/**
 * A participant's socket as a test drives it: messages are queued as they arrive and taken in
 * order of type; `closed` settles with the close code.
 */
export class SignallingClient {
  private readonly queue: ServerSignallingMessage[] = [];
  private readonly waiters = new Set<() => void>();
  readonly closed: Promise<{ code: number }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.queue.push(JSON.parse(String(data)) as ServerSignallingMessage);
      for (const wake of this.waiters) wake();
    });
    this.closed = new Promise((resolve) => socket.on('close', (code) => resolve({ code })));
  }

  static async open(url: string): Promise<SignallingClient> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return new SignallingClient(socket);
  }

  /** Opens, says hello and waits for the welcome. */
  static async enter(url: string, token: string): Promise<{ client: SignallingClient; welcome: MessageOf<'welcome'> }> {
    const client = await SignallingClient.open(url);
    client.send({ type: 'hello', token });
    return { client, welcome: await client.next('welcome') };
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first queued message of that type (earlier ones of other types stay queued). */
  async next<T extends ServerSignallingMessage['type']>(type: T, timeoutMs = 5000): Promise<MessageOf<T>> {
    const take = () => {
      const index = this.queue.findIndex((message) => message.type === type);
      return index < 0 ? undefined : (this.queue.splice(index, 1)[0] as MessageOf<T>);
    };
    const found = take();
    if (found) return found;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`no ${type} within ${timeoutMs} ms; queued: ${JSON.stringify(this.queue)}`));
      }, timeoutMs);
      const check = () => {
        const message = take();
        if (!message) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(message);
      };
      this.waiters.add(check);
    });
  }

  /** Everything still queued, after letting in-flight messages arrive. */
  async drain(settleMs = 150): Promise<ServerSignallingMessage[]> {
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    return this.queue.splice(0);
  }

  async close(): Promise<void> {
    if (this.socket.readyState !== WebSocket.CLOSED) this.socket.close();
    await this.closed;
  }
}
