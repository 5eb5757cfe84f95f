import WebSocket from 'ws';

/** Opens a WebSocket and waits until it is open (an upgrade refused rejects). */
export async function openWebSocket(url: string, options?: WebSocket.ClientOptions): Promise<WebSocket> {
  const socket = new WebSocket(url, options);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return socket;
}

/**
 * A socket of JSON messages with a `type`, as a test drives it: messages are queued as they
 * arrive and taken in order of type; `closed` settles with the close code. The lobby's and the
 * signalling's test clients add how they open and say hello.
 */
export class JsonSocket<Message extends { type: string }> {
  private readonly queue: Message[] = [];
  private readonly waiters = new Set<() => void>();
  readonly closed: Promise<{ code: number }>;

  protected constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.queue.push(JSON.parse(String(data)) as Message);
      for (const wake of this.waiters) wake();
    });
    this.closed = new Promise((resolve) => socket.on('close', (code) => resolve({ code })));
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first queued message of that type (earlier ones of other types stay queued). */
  async next<T extends Message['type']>(type: T, timeoutMs = 5000): Promise<Extract<Message, { type: T }>> {
    const take = () => {
      const index = this.queue.findIndex((message) => message.type === type);
      return index < 0 ? undefined : (this.queue.splice(index, 1)[0] as Extract<Message, { type: T }>);
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
  async drain(settleMs = 150): Promise<Message[]> {
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    return this.queue.splice(0);
  }

  async close(): Promise<void> {
    if (this.socket.readyState !== WebSocket.CLOSED) this.socket.close();
    await this.closed;
  }
}
