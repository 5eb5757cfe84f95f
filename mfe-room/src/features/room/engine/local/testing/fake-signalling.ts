import type { ClientSignallingMessage, Peer, ServerSignallingMessage } from '@incontra/contracts/realtime/signalling';
import { SIGNALLING_CLOSE } from '@incontra/contracts/realtime/signalling';
import { FakeWebSocket } from '@incontra/mfe-kit/testing/fake-web-socket';
import type { SocketLike } from '../signalling-client';

/**
 * A signalling WebSocket stand-in: the test (or the fake server) opens it, talks through it and
 * cuts it. With a server, what the client sends and its closing reach the server.
 */
export class FakeSocket extends FakeWebSocket<ClientSignallingMessage, ServerSignallingMessage> {
  constructor(
    url: string,
    private readonly server: FakeSignallingServer | null = null,
  ) {
    super(url);
  }

  override send(data: string): void {
    super.send(data);
    this.server?.receive(this, JSON.parse(data) as ClientSignallingMessage);
  }

  override close(code = 1000): void {
    if (this.readyState === 3) return;
    super.close(code);
    this.server?.socketClosed(this);
  }

  sentOfType<T extends ClientSignallingMessage['type']>(type: T): Extract<ClientSignallingMessage, { type: T }>[] {
    return this.sent.filter((message): message is Extract<ClientSignallingMessage, { type: T }> => message.type === type);
  }
}

/**
 * The signalling hub's relay rules in miniature (hello → welcome + peer-joined, relayed signals,
 * bye, replaced sockets, kicks), delivering asynchronously like a network would.
 */
export class FakeSignallingServer {
  readonly sockets: FakeSocket[] = [];
  readonly peers = new Map<string, Peer>();
  online = true;
  /** Whether a socket that drops is announced to the others as `peer-left lost`. */
  announceLost = true;
  private readonly live = new Map<string, FakeSocket>();
  private readonly identities = new Map<FakeSocket, string>();

  readonly createSocket = (url: string): SocketLike => {
    const socket = new FakeSocket(url, this);
    this.sockets.push(socket);
    queueMicrotask(() => (this.online ? socket.accept() : socket.drop(1006)));
    return socket;
  };

  /** A token is simply the identity here. */
  admit(peer: Peer): string {
    this.peers.set(peer.identity, peer);
    return peer.identity;
  }

  socketOf(identity: string): FakeSocket | undefined {
    return this.live.get(identity);
  }

  receive(socket: FakeSocket, message: ClientSignallingMessage): void {
    if (message.type === 'hello') return this.hello(socket, message.token);
    const identity = this.identities.get(socket);
    if (!identity) return;
    if (message.type === 'signal') {
      const target = this.live.get(message.to);
      this.post(target, { type: 'signal', from: identity, data: message.data });
    } else if (message.type === 'bye') {
      this.leave(identity, 'left');
    }
  }

  socketClosed(socket: FakeSocket): void {
    const identity = this.identities.get(socket);
    if (identity && this.live.get(identity) === socket) this.leave(identity, 'lost');
  }

  /** The network between one participant and the server fails. */
  cut(identity: string): void {
    const socket = this.live.get(identity);
    if (!socket) return;
    this.live.delete(identity);
    socket.drop(1006);
    if (this.announceLost) this.broadcast(identity, { type: 'peer-left', identity, reason: 'lost' });
  }

  kick(identity: string): void {
    const socket = this.live.get(identity);
    this.peers.delete(identity);
    this.live.delete(identity);
    if (socket) {
      socket.deliver({ type: 'bye', reason: 'kicked' });
      socket.drop(SIGNALLING_CLOSE.kicked);
    }
    this.broadcast(identity, { type: 'peer-left', identity, reason: 'kicked' });
  }

  private hello(socket: FakeSocket, token: string): void {
    const peer = this.peers.get(token);
    if (!peer) {
      queueMicrotask(() => {
        socket.deliver({ type: 'bye', reason: 'unauthorized' });
        socket.drop(SIGNALLING_CLOSE.unauthorized);
      });
      return;
    }
    const old = this.live.get(peer.identity);
    this.live.set(peer.identity, socket);
    this.identities.set(socket, peer.identity);
    const others = [...this.live.keys()].filter((identity) => identity !== peer.identity);
    this.post(socket, { type: 'welcome', self: peer, peers: others.map((identity) => this.peers.get(identity) as Peer) });
    if (old) {
      old.deliver({ type: 'bye', reason: 'replaced' });
      old.drop(SIGNALLING_CLOSE.replaced);
    } else this.broadcast(peer.identity, { type: 'peer-joined', peer });
  }

  private leave(identity: string, reason: 'left' | 'lost'): void {
    this.live.delete(identity);
    this.broadcast(identity, { type: 'peer-left', identity, reason });
  }

  private broadcast(from: string, message: ServerSignallingMessage): void {
    for (const [identity, socket] of this.live) if (identity !== from) this.post(socket, message);
  }

  private post(socket: FakeSocket | undefined, message: ServerSignallingMessage): void {
    if (socket) queueMicrotask(() => socket.deliver(message));
  }
}
