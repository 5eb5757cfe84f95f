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
  next<T extends Message['type']>(type: T, timeoutMs = 5000): Promise<Extract<Message, { type: T }>> {
    return this.waitFor(
      () => {
        const index = this.queue.findIndex((message) => message.type === type);
        return index < 0 ? undefined : (this.queue.splice(index, 1)[0] as Extract<Message, { type: T }>);
      },
      `no ${type}`,
      timeoutMs,
    );
  }

  /** Everything queued now, without waiting: complete once `closed` has settled. */
  drain(): Message[] {
    return this.queue.splice(0);
  }

  /**
   * Everything that arrived before the answer to an echo sent now (the protocol's `ping`/`pong`,
   * or `heartbeat`), the answer left out. The server writes a socket in order, so whatever it sent
   * here before handling the echo is in: a check that something did not arrive waits for this
   * marker instead of for a guessed time.
   */
  drainToEcho(timeoutMs = 5000): Promise<Message[]> {
    const [ask, answer] = this.echo;
    const asked = this.queue.length;
    this.send(ask);
    return this.waitFor(
      () => {
        const index = this.queue.findIndex((message, at) => at >= asked && message.type === answer);
        return index < 0 ? undefined : this.queue.splice(0, index + 1).slice(0, -1);
      },
      `no ${answer}`,
      timeoutMs,
    );
  }

  /** The protocol's echo: a request the server answers at once, in order with all it sends. */
  protected get echo(): [request: { type: string }, answer: Message['type']] {
    throw new Error(`${this.constructor.name} names no echo`);
  }

  private waitFor<T>(take: () => T | undefined, what: string, timeoutMs: number): Promise<T> {
    const found = take();
    if (found !== undefined) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`${what} within ${timeoutMs} ms; queued: ${JSON.stringify(this.queue)}`));
      }, timeoutMs);
      const check = () => {
        const value = take();
        if (value === undefined) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(value);
      };
      this.waiters.add(check);
    });
  }

  async close(): Promise<void> {
    if (this.socket.readyState !== WebSocket.CLOSED) this.socket.close();
    await this.closed;
  }
}
