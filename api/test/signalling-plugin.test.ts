import Fastify, { type FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { RoomTokenClaims } from '@incontra/contracts/api/video-room';
import { SIGNALLING } from '@incontra/contracts/realtime/signalling';
import { ClusterSignalling } from '../src/signalling/cluster-signalling';
import type { SignallingHub } from '../src/signalling/signalling-hub';
import { realtimeRoutes } from '../src/socket-routes';
import { DEFAULT_SIGNALLING_LIMITS } from '../src/signalling/signalling-session';
import { SignallingClient, signallingUrl } from './helpers/signalling-client';
import { until } from './helpers/until';

/*
 * The signalling plugin alone, with shortened timers (the real ones are seconds long) and an
 * authorizer that takes the token for the identity.
 */
const COMPANY = '11111111-1111-4111-8111-111111111111';
const ROOM = '22222222-2222-4222-8222-222222222222';
const LIMITS = { ...DEFAULT_SIGNALLING_LIMITS, helloTimeoutMs: 150, heartbeatIntervalMs: 50, maxMissedHeartbeats: 3 };

function claimsFor(identity: string): RoomTokenClaims {
  return { cid: COMPANY, rid: ROOM, sub: identity, role: 'staff', name: identity, iat: 0, exp: 0 };
}

let app: FastifyInstance;
let hub: SignallingHub;
let url: string;
const open: SignallingClient[] = [];

beforeAll(async () => {
  app = Fastify({ logger: false });
  const rooms = ClusterSignalling.local({ log: app.log, graceMs: 0 });
  hub = rooms.hub;
  await app.register(realtimeRoutes, {
    signalling: {
      rooms,
      authorize: async (token) => {
        if (token === 'database-down') throw new Error('connection refused');
        return token.startsWith('staff-') ? { claims: claimsFor(token), maxParticipants: null } : null;
      },
      limits: LIMITS,
    },
  });
  url = await signallingUrl(app);
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});
afterAll(() => app.close());

async function track(client: Promise<SignallingClient>): Promise<SignallingClient> {
  open.push(await client);
  return open.at(-1)!;
}

describe('the signalling plugin', () => {
  it('closes a socket that does not say hello in time with 4008', async () => {
    const silent = await track(SignallingClient.open(url));
    expect((await silent.closed).code).toBe(4008);
    expect(silent.drain()).toEqual([]);
  });

  it('keeps a socket that answers the pings, and drops one that stops answering as lost', async () => {
    const { client: present } = await SignallingClient.enter(url, 'staff-anna');
    open.push(present);
    const ghost = new WebSocket(url, { autoPong: false });
    await new Promise((resolve) => ghost.once('open', resolve));
    ghost.send(JSON.stringify({ type: 'hello', token: 'staff-ghost' }));
    expect(await present.next('peer-joined')).toMatchObject({ peer: { identity: 'staff-ghost' } });
    expect(await present.next('peer-left', 10_000)).toEqual({ type: 'peer-left', identity: 'staff-ghost', reason: 'lost' });
    // Since, the present socket has been pinged more times than the ghost was allowed to miss.
    let pings = 0;
    present.socket.on('ping', () => (pings += 1));
    await until(() => pings > LIMITS.maxMissedHeartbeats, 'pings beyond the missed-heartbeat allowance');
    expect(present.socket.readyState).toBe(WebSocket.OPEN);
    expect(hub.presence(COMPANY, ROOM)).toBe(1);
    ghost.terminate();
  });

  it('closes with 1011 and no bye when the token cannot be checked, so that the client retries', async () => {
    const client = await track(SignallingClient.open(url));
    client.send({ type: 'hello', token: 'database-down' });
    expect((await client.closed).code).toBe(1011);
    expect(client.drain()).toEqual([]);
  });

  it('uses the contract limits by default', () => {
    expect(DEFAULT_SIGNALLING_LIMITS).toMatchObject({ helloTimeoutMs: SIGNALLING.helloTimeoutMs, rateBurst: SIGNALLING.rateBurst });
  });
});
