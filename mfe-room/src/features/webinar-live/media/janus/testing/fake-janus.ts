import { FakeWebSocket } from '@incontra/mfe-kit/testing/fake-web-socket';
import type { JanusMessage } from '../janus-session';

export const ROOM = '50000000-0000-4000-8000-000000000005';
export const PIN = 'viewers-pin';
export const PUBLISHER_TOKEN = 'publisher-token';

interface Participant {
  /** A string, as Janus answers with `string_ids` (the project's configuration). */
  id: string;
  display: string;
  publisher: boolean;
}

/**
 * Enough of Janus' VideoRoom over its WebSocket for the browser client: a session, handles,
 * `join` as publisher (the token checked) or subscriber (the pin checked), `publish`, `start`,
 * `listparticipants`, answered the way Janus answers (`ack`, then the plugin's `event`). The
 * descriptions use the fake RTCPeerConnection's text format. Not a media server.
 */
export class FakeJanus {
  readonly sockets: FakeJanusSocket[] = [];
  readonly participants: Participant[] = [];
  /** Every request the browser made, in order. */
  readonly requests: JanusMessage[] = [];
  private nextId = 100;
  private nextFeed = 1;
  private feedId(): string {
    return `feed-${this.nextFeed++}`;
  }

  readonly create = (url: string): FakeJanusSocket => {
    const socket = new FakeJanusSocket(url, this);
    this.sockets.push(socket);
    // Janus accepts at once; the client waits for the open event.
    queueMicrotask(() => socket.accept());
    return socket;
  };

  get last(): FakeJanusSocket {
    return this.sockets.at(-1)!;
  }

  /** A publisher already in the room (another presenter's browser). */
  addPublisher(display: string): string {
    const id = this.feedId();
    this.participants.push({ id, display, publisher: true });
    return id;
  }

  answer(socket: FakeJanusSocket, request: JanusMessage): void {
    this.requests.push(request);
    const transaction = request.transaction as string | undefined;
    const reply = (message: Record<string, unknown>) => queueMicrotask(() => socket.deliver({ ...message, transaction }));
    const event = (sender: unknown, data: Record<string, unknown>, jsep?: unknown) => {
      reply({ janus: 'ack' });
      queueMicrotask(() =>
        socket.deliver({ janus: 'event', sender, transaction, plugindata: { plugin: 'janus.plugin.videoroom', data }, ...(jsep ? { jsep } : {}) }),
      );
    };
    switch (request.janus) {
      case 'create':
        return reply({ janus: 'success', data: { id: 1 } });
      case 'attach':
        return reply({ janus: 'success', data: { id: this.nextId++ } });
      case 'keepalive':
      case 'trickle':
        return reply({ janus: 'ack' });
      case 'detach':
      case 'destroy':
        return reply({ janus: 'success' });
      case 'message':
        return this.plugin(request, reply, event);
      default:
        return reply({ janus: 'error', error: { code: 453, reason: 'Unknown request' } });
    }
  }

  private plugin(
    request: JanusMessage,
    reply: (message: Record<string, unknown>) => void,
    event: (sender: unknown, data: Record<string, unknown>, jsep?: unknown) => void,
  ): void {
    const body = request.body as Record<string, unknown>;
    const sender = request.handle_id;
    const jsep = request.jsep as { sdp: string } | undefined;
    const refuse = (code: number, error: string) => event(sender, { videoroom: 'event', error_code: code, error });
    if (body.room !== ROOM && body.request !== 'start' && body.request !== 'publish') return refuse(426, 'No such room');
    switch (body.request) {
      case 'listparticipants':
        return reply({
          janus: 'success',
          plugindata: { plugin: 'janus.plugin.videoroom', data: { videoroom: 'participants', room: ROOM, participants: this.participants } },
        });
      case 'join': {
        if (body.pin !== PIN) return refuse(433, 'Unauthorized (wrong pin)');
        if (body.ptype === 'publisher') {
          if (body.token !== PUBLISHER_TOKEN) return refuse(433, 'Unauthorized (not in the allowed list)');
          const id = this.feedId();
          const publishers = this.participants.filter((participant) => participant.publisher);
          this.participants.push({ id, display: String(body.display), publisher: false });
          this.publisherOf.set(Number(sender), id);
          return event(sender, { videoroom: 'joined', room: ROOM, id, publishers });
        }
        const feed = (body.streams as { feed: string }[])[0]?.feed;
        if (!this.participants.some((participant) => participant.id === feed && participant.publisher)) return refuse(428, 'No such feed');
        return event(
          sender,
          { videoroom: 'attached', room: ROOM },
          { type: 'offer', sdp: ['v=0', `a=fingerprint:sha-256 JANUS:${feed}`, 'm=video 0 sendonly', 'm=audio 1 sendonly'].join('\n') },
        );
      }
      case 'publish': {
        const feed = this.publisherOf.get(Number(sender));
        const participant = this.participants.find((candidate) => candidate.id === feed);
        if (!participant || !jsep) return refuse(424, 'Join first');
        participant.publisher = true;
        const sections = [...jsep.sdp.matchAll(/^m=(\w+) (\S+) \w+$/gm)].map((match) => `m=${match[1]} ${match[2]} recvonly`);
        return event(
          sender,
          { videoroom: 'event', configured: 'ok' },
          { type: 'answer', sdp: ['v=0', 'a=fingerprint:sha-256 JANUS:publisher', ...sections].join('\n') },
        );
      }
      case 'start':
        return event(sender, { videoroom: 'event', started: 'ok' });
      default:
        return refuse(423, 'Unknown request');
    }
  }

  private readonly publisherOf = new Map<number, string>();
}

export class FakeJanusSocket extends FakeWebSocket<JanusMessage, unknown> {
  constructor(
    url: string,
    private readonly janus: FakeJanus,
  ) {
    super(url);
  }

  override send(data: string): void {
    super.send(data);
    this.janus.answer(this, this.sent.at(-1)!);
  }
}
