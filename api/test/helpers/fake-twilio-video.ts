import { randomBytes } from 'node:crypto';
import type { RequestClient } from 'twilio';

/** One call the API made to Twilio's REST API. */
export interface TwilioCall {
  method: string;
  path: string;
  params?: Record<string, unknown>;
  data?: Record<string, unknown>;
}

interface FakeRoom {
  status: 'in-progress' | 'completed';
  maxParticipants: number;
  participants: Map<string, { identity: string; status: 'connected' | 'disconnected' }>;
  /** Each participant's subscribe rules as last set, by sid. */
  rules: Map<string, unknown[]>;
}

type Answer = { statusCode: number; body: unknown };

const VIDEO = 'https://video.twilio.com/v1';
const notFound = (): Answer => ({ statusCode: 404, body: { code: 20404, message: 'The requested resource was not found', status: 404 } });

/**
 * Twilio Video's REST API as far as webinars use it, in memory, behind the twilio client's HTTP
 * layer (no request leaves the process): group rooms by unique name (53113 for one in progress),
 * participants a test connects, their subscribe rules, disconnection and completion. `failing`
 * answers every call with a 503, as an outage would.
 */
export class FakeTwilioVideo {
  readonly calls: TwilioCall[] = [];
  readonly rooms = new Map<string, FakeRoom>();
  failing = false;

  readonly client = {
    request: async (options: { method: string; uri: string; params?: Record<string, unknown>; data?: Record<string, unknown> }) => {
      const path = options.uri.startsWith(VIDEO) ? options.uri.slice(VIDEO.length) : options.uri;
      this.calls.push({ method: options.method, path, params: options.params, data: options.data });
      const answer = this.failing
        ? { statusCode: 503, body: { code: 20503, message: 'Service unavailable', status: 503 } }
        : this.answer(options.method, path, options);
      return { ...answer, headers: {} };
    },
  } as unknown as RequestClient;

  /** A browser in the room under `identity`: answers its participant sid. */
  connect(room: string, identity: string): string {
    const found = this.rooms.get(room);
    if (!found || found.status !== 'in-progress') throw new Error(`room ${room} is not in progress`);
    const sid = `PA${randomBytes(16).toString('hex')}`;
    found.participants.set(sid, { identity, status: 'connected' });
    return sid;
  }

  rulesOf(room: string, sid: string): unknown[] | undefined {
    return this.rooms.get(room)?.rules.get(sid);
  }

  private answer(method: string, path: string, options: { params?: Record<string, unknown>; data?: Record<string, unknown> }): Answer {
    const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
    if (parts[0] !== 'Rooms') return notFound();
    const [, name, participants, sid, rules] = parts;
    if (!name) return method === 'post' ? this.create(options.data ?? {}) : notFound();
    const room = this.rooms.get(name);
    if (!room || room.status !== 'in-progress') return notFound();
    if (!participants) {
      if (method === 'post' && options.data?.Status === 'completed') room.status = 'completed';
      return { statusCode: 200, body: this.roomBody(name, room) };
    }
    if (!sid) {
      const connected = [...room.participants].filter(([, participant]) => participant.status === (options.params?.Status ?? participant.status));
      return {
        statusCode: 200,
        body: {
          participants: connected.map(([id, participant]) => this.participantBody(name, id, participant)),
          meta: { page: 0, page_size: 50, first_page_url: '', previous_page_url: null, url: '', next_page_url: null, key: 'participants' },
        },
      };
    }
    // A participant is addressed by its sid or, for updates, its identity.
    const entry = [...room.participants].find(([id, participant]) => id === sid || participant.identity === sid);
    if (!entry) return notFound();
    const [id, participant] = entry;
    if (rules === 'SubscribeRules' && method === 'post') {
      room.rules.set(id, JSON.parse(String(options.data?.Rules ?? '[]')) as unknown[]);
      return { statusCode: 200, body: { participant_sid: id, room_sid: name, rules: room.rules.get(id), date_created: null, date_updated: null } };
    }
    if (method === 'post' && options.data?.Status === 'disconnected') participant.status = 'disconnected';
    return { statusCode: 200, body: this.participantBody(name, id, participant) };
  }

  private create(data: Record<string, unknown>): Answer {
    const name = String(data.UniqueName);
    if (this.rooms.get(name)?.status === 'in-progress') return { statusCode: 400, body: { code: 53113, message: 'Room exists', status: 400 } };
    const room: FakeRoom = { status: 'in-progress', maxParticipants: Number(data.MaxParticipants), participants: new Map(), rules: new Map() };
    this.rooms.set(name, room);
    return { statusCode: 201, body: this.roomBody(name, room) };
  }

  private roomBody(name: string, room: FakeRoom) {
    return { sid: `RM${name.replace(/-/g, '').slice(0, 32)}`, unique_name: name, status: room.status, type: 'group', max_participants: room.maxParticipants };
  }

  private participantBody(room: string, sid: string, participant: { identity: string; status: string }) {
    return { sid, room_sid: room, identity: participant.identity, status: participant.status };
  }
}
