import type { SocketLike } from '../realtime/socket-link';

const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 3;

/**
 * A WebSocket stand-in for the socket clients' tests: the test opens it, talks through it and
 * cuts it. `Sent` is what the client writes (kept, parsed, in `sent`), `Received` what the server
 * would say. Nothing is asynchronous: every event happens in the call that causes it.
 */
export class FakeWebSocket<Sent, Received> implements SocketLike {
  readyState = CONNECTING;
  onopen: WebSocket['onopen'] = null;
  onmessage: WebSocket['onmessage'] = null;
  onclose: WebSocket['onclose'] = null;
  onerror: WebSocket['onerror'] = null;
  readonly sent: Sent[] = [];
  closedWith: number | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    if (this.readyState !== OPEN) throw new Error('InvalidStateError: not open');
    this.sent.push(JSON.parse(data) as Sent);
  }

  /** The client closes it: unlike a real socket, no close event follows. */
  close(code = 1000): void {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    this.closedWith = code;
  }

  accept(): void {
    this.readyState = OPEN;
    this.onopen?.call(this as unknown as WebSocket, new Event('open'));
  }

  deliver(message: Received): void {
    this.deliverRaw(JSON.stringify(message));
  }

  deliverRaw(data: string): void {
    if (this.readyState !== OPEN) return;
    this.onmessage?.call(this as unknown as WebSocket, new MessageEvent('message', { data }));
  }

  /** The connection ends from the far side (network loss, or the server closing it). */
  drop(code = 1006): void {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    this.closedWith = code;
    this.onclose?.call(this as unknown as WebSocket, new CloseEvent('close', { code }));
  }
}

/** Every socket a test's code opened, newest last; `install()` makes `create` the page's WebSocket. */
export class FakeWebSockets<Socket> {
  readonly all: Socket[] = [];
  private original: typeof WebSocket | undefined;

  constructor(private readonly make: (url: string) => Socket) {}

  readonly create = (url: string): Socket => {
    const socket = this.make(url);
    this.all.push(socket);
    return socket;
  };

  get last(): Socket {
    const socket = this.all.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  install(): this {
    this.original = globalThis.WebSocket;
    const create = this.create;
    globalThis.WebSocket = jest.fn((url: string) => create(url)) as unknown as typeof WebSocket;
    return this;
  }

  uninstall(): void {
    globalThis.WebSocket = this.original as typeof WebSocket;
  }
}
