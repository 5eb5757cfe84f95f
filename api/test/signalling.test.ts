import { createHmac } from 'node:crypto';
import WebSocket from 'ws';
import { joinRoomResponseSchema, type JoinRoomResponse } from '@incontra/contracts/api/video-room';
import { SIGNALLING } from '@incontra/contracts/realtime/signalling';
import { videoRoomRevocations } from '../src/db/schema';
import { JoinRequestService } from '../src/lobby/service';
import { signRoomToken } from '../src/video-room/room-token';
import { SignallingClient, signallingUrl } from './helpers/signalling-client';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import type { TestClient } from './helpers/test-client';
import { until } from './helpers/until';
import { seededRooms, signedInStaff, type SeededRooms } from './helpers/video-room-fixtures';

const SECRET = 'signalling-test-secret-0123456789abcdef';
const TTL_SECONDS = 600;

let t: TestApp;
let seeded: SeededRooms;
let url: string;
let anna: TestClient;
let marco: TestClient;
let consulenza: string;
const open: SignallingClient[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: { ROOM_TOKEN_SECRET: SECRET, ROOM_TOKEN_TTL_SECONDS: String(TTL_SECONDS) }, rateLimits: { loginPerMinute: 1000 } });
  seeded = await seededRooms(t);
  url = await signallingUrl(t.app);
  anna = await signedInStaff(t, 'admin');
  marco = await signedInStaff(t, 'operatore');
  consulenza = seeded.room('Sala Consulenza');
}, START_TIMEOUT_MS);
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});
afterAll(() => t.close());

async function join(browser: TestClient, roomId = consulenza): Promise<JoinRoomResponse> {
  const response = await browser.post(`/api/video-room/${roomId}/join`);
  expect(response.statusCode).toBe(200);
  return joinRoomResponseSchema.parse(response.json());
}

async function connect(): Promise<SignallingClient> {
  const client = await SignallingClient.open(url);
  open.push(client);
  return client;
}

async function enter(token: string) {
  const entered = await SignallingClient.enter(url, token);
  open.push(entered.client);
  return entered;
}

/** Anna and Marco in Sala Consulenza, each having seen the other arrive. */
async function twoInTheRoom() {
  const annaJoin = await join(anna);
  const marcoJoin = await join(marco);
  const { client: a } = await enter(annaJoin.token);
  const { client: b, welcome } = await enter(marcoJoin.token);
  await a.next('peer-joined');
  return { a, b, annaJoin, marcoJoin, welcome };
}

const offer = { description: { type: 'offer' as const, sdp: 'v=0\r\n' } };

async function expectRefused(token: string): Promise<void> {
  const client = await connect();
  client.send({ type: 'hello', token });
  expect(await client.next('bye')).toEqual({ type: 'bye', reason: 'unauthorized' });
  expect((await client.closed).code).toBe(4001);
}

describe('signalling over a real socket', () => {
  it('welcomes the newcomer with those present and announces it with server-stamped peers', async () => {
    const { a, annaJoin, marcoJoin, welcome } = await twoInTheRoom();
    const annaPeer = { identity: annaJoin.identity, displayName: 'Anna Rossi', role: 'staff' };
    const marcoPeer = { identity: marcoJoin.identity, displayName: 'Marco Bianchi', role: 'staff' };
    expect(welcome).toEqual({ type: 'welcome', self: marcoPeer, peers: [annaPeer] });
    expect(await a.drainToEcho()).toEqual([]);
    const third = await enter((await join(anna)).token);
    expect(third.welcome.peers).toEqual([annaPeer, marcoPeer]);
    expect(await a.next('peer-joined')).toEqual({ type: 'peer-joined', peer: third.welcome.self });
  });

  it('relays signals inside the room only, stamped with the sender, and answers heartbeats', async () => {
    const { a, b, annaJoin, marcoJoin } = await twoInTheRoom();
    const { client: elsewhere, welcome: elsewhereWelcome } = await enter((await join(anna, seeded.room('Sala Roma'))).token);

    b.send({ type: 'signal', to: annaJoin.identity, data: offer });
    expect(await a.next('signal')).toEqual({ type: 'signal', from: marcoJoin.identity, data: offer });
    a.send({ type: 'signal', to: marcoJoin.identity, data: { candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.1 9 typ host', sdpMid: '0' } } });
    expect((await b.next('signal')).from).toBe(annaJoin.identity);

    // Across rooms nobody is found, in either direction.
    b.send({ type: 'signal', to: elsewhereWelcome.self.identity, data: offer });
    expect(await b.next('bad')).toEqual({ type: 'bad', reason: 'unknown-peer' });
    elsewhere.send({ type: 'signal', to: annaJoin.identity, data: offer });
    expect(await elsewhere.next('bad')).toEqual({ type: 'bad', reason: 'unknown-peer' });
    expect(await a.drainToEcho()).toEqual([]);

    b.send({ type: 'heartbeat' });
    expect(await b.next('heartbeat')).toEqual({ type: 'heartbeat' });
    expect(await elsewhere.drainToEcho()).toEqual([]);
  });

  it('refuses malformed and oversize messages with bad and keeps the room working', async () => {
    const { a, b, annaJoin } = await twoInTheRoom();
    for (const garbage of ['{not json', JSON.stringify({ type: 'shout' }), JSON.stringify({ type: 'signal', to: annaJoin.identity, data: { sdp: 1 } })]) {
      b.send(garbage);
      expect(await b.next('bad')).toEqual({ type: 'bad', reason: 'malformed' });
    }
    b.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await b.next('bad')).toEqual({ type: 'bad', reason: 'malformed' });
    const huge = { description: { type: 'offer', sdp: 'a'.repeat(SIGNALLING.maxMessageBytes) } };
    b.send({ type: 'signal', to: annaJoin.identity, data: huge });
    expect(await b.next('bad')).toEqual({ type: 'bad', reason: 'too-large' });

    b.send({ type: 'signal', to: annaJoin.identity, data: offer });
    expect((await a.next('signal')).data).toEqual(offer);
    expect(b.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('wants hello first', async () => {
    const client = await connect();
    client.send({ type: 'signal', to: 'staff-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', data: offer });
    expect(await client.next('bad')).toEqual({ type: 'bad', reason: 'not-ready' });
  });

  it('limits the message rate per socket, then closes a socket that keeps being refused', async () => {
    const { a, b, marcoJoin } = await twoInTheRoom();
    for (let index = 0; index < SIGNALLING.rateBurst + 15; index += 1) b.send({ type: 'heartbeat' });
    expect(await b.next('bad')).toEqual({ type: 'bad', reason: 'rate-limited' });
    expect(b.socket.readyState).toBe(WebSocket.OPEN);

    for (let index = 0; index < SIGNALLING.maxBadMessages + 5; index += 1) b.send('{');
    expect(await b.next('bye')).toEqual({ type: 'bye', reason: 'abuse' });
    expect((await b.closed).code).toBe(4029);
    expect(await a.next('peer-left')).toEqual({ type: 'peer-left', identity: marcoJoin.identity, reason: 'lost' });
  });

  it('refuses forged, unsigned, garbage, foreign and expired tokens with bye unauthorized and 4001', async () => {
    const genuine = (await join(anna)).token;
    const [header, payload, signature] = genuine.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const resign = (body: string, secret = SECRET) => `${header}.${body}.${createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url')}`;

    await expectRefused(`${header}.${encode({ ...claims, exp: Number(claims.exp) + 86_400 })}.${signature}`);
    await expectRefused(`${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`);
    await expectRefused('not-a-token');
    await expectRefused(resign(payload, 'another-secret-of-at-least-32-characters'));
    // Well signed, but Demo's room does not exist under Acme's company.
    await expectRefused(resign(encode({ ...claims, cid: seeded.acmeId })));

    t.clock.advance((TTL_SECONDS + 1) * 1000);
    try {
      await expectRefused(genuine);
    } finally {
      t.clock.advance(-(TTL_SECONDS + 1) * 1000);
    }
  });

  it('checks revocations in the database, not only those of this process', async () => {
    const marcoJoin = await join(marco);
    await t.db.withTenant(seeded.demoId, (tx) =>
      tx.insert(videoRoomRevocations).values({
        identity: marcoJoin.identity,
        companyId: seeded.demoId,
        roomId: consulenza,
        expiresAt: new Date(t.clock.now().getTime() + 60_000),
      }),
    );
    await expectRefused(marcoJoin.token);
  });

  it('lets only the room of the token be entered', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const roma = seeded.room('Sala Roma');
    const token = signRoomToken(
      { cid: seeded.demoId, rid: roma, sub: 'staff-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', role: 'staff', name: 'Test', iat: now, exp: now + 60 },
      SECRET,
    );
    const { client } = await enter(token);
    const { b } = await twoInTheRoom();
    b.send({ type: 'signal', to: 'staff-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', data: offer });
    expect(await b.next('bad')).toEqual({ type: 'bad', reason: 'unknown-peer' });
    expect(await client.drainToEcho()).toEqual([]);
  });

  it('replaces the socket of an identity that reconnects, without a leave for the others', async () => {
    const { a, b, annaJoin, marcoJoin } = await twoInTheRoom();
    const { client: b2, welcome } = await enter(marcoJoin.token);
    expect(welcome.peers.map((peer) => peer.identity)).toEqual([annaJoin.identity]);
    expect(await b.next('bye')).toEqual({ type: 'bye', reason: 'replaced' });
    expect((await b.closed).code).toBe(4010);
    expect(await a.drainToEcho()).toEqual([]);

    b2.send({ type: 'signal', to: annaJoin.identity, data: offer });
    expect((await a.next('signal')).from).toBe(marcoJoin.identity);
    a.send({ type: 'signal', to: marcoJoin.identity, data: offer });
    expect((await b2.next('signal')).from).toBe(annaJoin.identity);
  });

  it('announces a socket gone without bye as lost, and a bye as left', async () => {
    const { a, b, marcoJoin } = await twoInTheRoom();
    b.socket.terminate();
    expect(await a.next('peer-left')).toEqual({ type: 'peer-left', identity: marcoJoin.identity, reason: 'lost' });

    const { client: back } = await enter(marcoJoin.token);
    await a.next('peer-joined');
    back.send({ type: 'bye' });
    expect(await a.next('peer-left')).toEqual({ type: 'peer-left', identity: marcoJoin.identity, reason: 'left' });
    expect((await back.closed).code).toBe(1000);
  });

  it('tells the join requests once of a member gone for good, not of one replaced', async () => {
    const guestGone = jest.spyOn(JoinRequestService.prototype, 'guestGone');
    try {
      const { a, b, annaJoin, marcoJoin } = await twoInTheRoom();
      await enter(marcoJoin.token);
      await b.closed;
      a.send({ type: 'bye' });
      await a.closed;
      const { client: back } = await enter(marcoJoin.token);
      back.send({ type: 'bye' });
      await back.closed;
      // Told as each member goes, before its socket closes: a call for the replaced socket would be in.
      const mine = () => guestGone.mock.calls.filter(([, identity]) => identity === annaJoin.identity || identity === marcoJoin.identity);
      await until(() => mine().length >= 2, 'both members told gone');
      expect(mine()).toEqual([
        [seeded.demoId, annaJoin.identity],
        [seeded.demoId, marcoJoin.identity],
      ]);
    } finally {
      guestGone.mockRestore();
    }
  });

  it('refuses a hello beyond the room maximum with bye room-full and 4009', async () => {
    const assistenza = seeded.room('Sala Assistenza');
    // Both tokens are minted while the room is empty; the second seat is taken before the third hello.
    const tokens = [await join(anna, assistenza), await join(marco, assistenza), await join(anna, assistenza)].map((answer) => answer.token);
    await enter(tokens[0]!);
    await enter(tokens[1]!);
    const late = await connect();
    late.send({ type: 'hello', token: tokens[2] });
    expect(await late.next('bye')).toEqual({ type: 'bye', reason: 'room-full' });
    expect((await late.closed).code).toBe(4009);
  });

  it('answers a plain GET of the socket path with 426 (upgrades pass the global CSRF and header hooks, as above)', async () => {
    const response = await t.app.inject({ method: 'GET', url: SIGNALLING.path, headers: { host: 'demo.localhost' } });
    expect(response.statusCode).toBe(426);
  });
});
