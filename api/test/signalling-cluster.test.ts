import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { joinRoomResponseSchema, type JoinRoomResponse } from '@incontra/contracts/api/video-room';
import { IT_VIDEO_ROOM } from '@incontra/contracts/messages/it-video-room';
import { JoinRequestService } from '../src/lobby/service';
import { REDIS_URL, startClusterApps, type ClusterApps } from './helpers/cluster-apps';
import { SignallingClient, signallingUrl } from './helpers/signalling-client';
import { START_TIMEOUT_MS } from './helpers/test-app';
import type { TestClient } from './helpers/test-client';
import { until } from './helpers/until';
import { seededRooms, signedInStaff, type SeededRooms } from './helpers/video-room-fixtures';

/*
 * Two API processes (two apps on one database and one Redis) serve the same rooms: whichever
 * process a participant's socket reaches, everybody in the room sees everybody else.
 */
const GRACE_MS = 1500;
const LEASE_MS = 1000;

let cluster: ClusterApps;
let seeded: SeededRooms;
let redis: Redis;
const url = { a: '', b: '' };
const staff = {} as Record<'annaOnA' | 'marcoOnA' | 'annaOnB' | 'marcoOnB', TestClient>;
const open: SignallingClient[] = [];
const guestGone = jest.spyOn(JoinRequestService.prototype, 'guestGone');

beforeAll(async () => {
  cluster = await startClusterApps({
    env: { ROOM_TOKEN_SECRET: 'cluster-test-secret-0123456789abcdefgh' },
    overrides: { signallingGraceMs: GRACE_MS, signallingCluster: { leaseMs: LEASE_MS, watchMs: 100, answerTimeoutMs: 2000 } },
  });
  seeded = await seededRooms(cluster.a);
  url.a = await signallingUrl(cluster.a.app);
  url.b = await signallingUrl(cluster.b.app);
  staff.annaOnA = await signedInStaff(cluster.a, 'admin');
  staff.marcoOnA = await signedInStaff(cluster.a, 'operatore');
  staff.annaOnB = await signedInStaff(cluster.b, 'admin');
  staff.marcoOnB = await signedInStaff(cluster.b, 'operatore');
  redis = new Redis(REDIS_URL);
}, START_TIMEOUT_MS);
afterEach(async () => {
  // Goodbyes, so that no seat is kept for the grace into the next test.
  await Promise.all(
    open.splice(0).map(async (client) => {
      if (client.socket.readyState === WebSocket.OPEN) client.send({ type: 'bye' });
      await client.close();
    }),
  );
  guestGone.mockClear();
});
afterAll(async () => {
  await cluster.close();
  await redis.quit();
  guestGone.mockRestore();
});

async function join(browser: TestClient, roomId: string): Promise<JoinRoomResponse> {
  const response = await browser.post(`/api/video-room/${roomId}/join`);
  expect(response.statusCode).toBe(200);
  return joinRoomResponseSchema.parse(response.json());
}

async function enter(on: string, token: string) {
  const entered = await SignallingClient.enter(on, token);
  open.push(entered.client);
  return entered;
}

async function connect(on: string): Promise<SignallingClient> {
  const client = await SignallingClient.open(on);
  open.push(client);
  return client;
}

/** The process holding the room's lease, as Redis says (null: nobody runs the room). */
function ownerOf(roomId: string): Promise<string | null> {
  return redis.get(`${cluster.keyPrefix}room-owner:${seeded.demoId}/${roomId}`);
}

/** Anna's socket on A (A runs the room: it was empty), Marco's on B, each having seen the other. */
async function acrossTwoProcesses(roomId: string) {
  await until(async () => (await ownerOf(roomId)) === null, 'the room is free');
  const annaJoin = await join(staff.annaOnA, roomId);
  const marcoJoin = await join(staff.marcoOnB, roomId);
  const { client: a } = await enter(url.a, annaJoin.token);
  const owner = await ownerOf(roomId);
  const { client: b, welcome } = await enter(url.b, marcoJoin.token);
  const joined = await a.next('peer-joined');
  return { a, b, annaJoin, marcoJoin, welcome, joined, owner };
}

/** What the app was told of these members gone for good (calls about others' departures are left out). */
function goneOf(...identities: string[]): unknown[][] {
  return guestGone.mock.calls.filter(([, identity]) => identities.includes(identity));
}

const offer = { description: { type: 'offer' as const, sdp: 'v=0\r\n' } };

describe('one room, two API processes', () => {
  it('shows the participants of either process to each other and relays signals both ways', async () => {
    const roomId = seeded.room('Sala Consulenza');
    const { a, b, annaJoin, marcoJoin, welcome, joined, owner } = await acrossTwoProcesses(roomId);
    expect(owner).not.toBeNull();
    expect(await ownerOf(roomId)).toBe(owner);
    const annaPeer = { identity: annaJoin.identity, displayName: 'Anna Rossi', role: 'staff' };
    expect(welcome).toEqual({ type: 'welcome', self: { identity: marcoJoin.identity, displayName: 'Marco Bianchi', role: 'staff' }, peers: [annaPeer] });
    expect(joined).toEqual({ type: 'peer-joined', peer: welcome.self });

    b.send({ type: 'signal', to: annaJoin.identity, data: offer });
    expect(await a.next('signal')).toEqual({ type: 'signal', from: marcoJoin.identity, data: offer });
    a.send({ type: 'signal', to: marcoJoin.identity, data: { candidate: null } });
    expect(await b.next('signal')).toEqual({ type: 'signal', from: annaJoin.identity, data: { candidate: null } });
    b.send({ type: 'signal', to: 'staff-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', data: offer });
    expect(await b.next('bad')).toEqual({ type: 'bad', reason: 'unknown-peer' });
    b.send({ type: 'heartbeat' });
    expect(await b.next('heartbeat')).toEqual({ type: 'heartbeat' });

    // A third participant, on B again, is announced on both sides.
    const { client: c, welcome: third } = await enter(url.b, (await join(staff.annaOnB, roomId)).token);
    expect(third.peers.map((peer) => peer.identity)).toEqual([annaJoin.identity, marcoJoin.identity]);
    expect((await a.next('peer-joined')).peer).toEqual(third.self);
    expect((await b.next('peer-joined')).peer).toEqual(third.self);
    expect(await c.drainToEcho()).toEqual([]);
  });

  it('counts the room full across both processes', async () => {
    const roomId = seeded.room('Sala Assistenza');
    await until(async () => (await ownerOf(roomId)) === null, 'the room is free');
    const joins = [await join(staff.annaOnA, roomId), await join(staff.marcoOnB, roomId), await join(staff.annaOnB, roomId)];
    const tokens = joins.map((answer) => answer.token);
    await enter(url.a, tokens[0]!);
    await enter(url.b, tokens[1]!);
    for (const browser of [staff.annaOnA, staff.marcoOnB]) {
      const full = await browser.post(`/api/video-room/${roomId}/join`);
      expect(full.statusCode).toBe(409);
      expect(full.json()).toMatchObject({ message: IT_VIDEO_ROOM.roomFull(2) });
    }
    const late = await connect(url.b);
    late.send({ type: 'hello', token: tokens[2] });
    expect(await late.next('bye')).toEqual({ type: 'bye', reason: 'room-full' });
    expect((await late.closed).code).toBe(4009);
  });

  it('puts out from B a member connected to A, whose token then no longer opens the room on A', async () => {
    const roomId = seeded.room('Sala Consulenza');
    const { a, b, annaJoin } = await acrossTwoProcesses(roomId);
    const kicked = await staff.marcoOnB.post(`/api/video-room/${roomId}/kick/${annaJoin.identity}`);
    expect(kicked.json()).toEqual({ ok: true });
    expect(await a.next('bye')).toEqual({ type: 'bye', reason: 'kicked' });
    expect((await a.closed).code).toBe(4003);
    expect(await b.next('peer-left')).toEqual({ type: 'peer-left', identity: annaJoin.identity, reason: 'kicked' });
    expect(goneOf(annaJoin.identity)).toEqual([[seeded.demoId, annaJoin.identity]]);

    const comeback = await connect(url.a);
    comeback.send({ type: 'hello', token: annaJoin.token });
    expect(await comeback.next('bye')).toEqual({ type: 'bye', reason: 'unauthorized' });
    expect((await comeback.closed).code).toBe(4001);
  });

  it('announces a goodbye said on either process, and tells the app once', async () => {
    const roomId = seeded.room('Sala Roma');
    const { a, b, annaJoin, marcoJoin } = await acrossTwoProcesses(roomId);
    b.send({ type: 'bye' });
    expect(await a.next('peer-left')).toEqual({ type: 'peer-left', identity: marcoJoin.identity, reason: 'left' });
    expect((await b.closed).code).toBe(1000);
    a.send({ type: 'bye' });
    await until(async () => (await ownerOf(roomId)) === null, 'the empty room is given up');
    expect(goneOf(annaJoin.identity, marcoJoin.identity)).toEqual([
      [seeded.demoId, marcoJoin.identity],
      [seeded.demoId, annaJoin.identity],
    ]);
  });

  it('keeps a lost seat for the grace, resumed through the other process unseen by the others', async () => {
    const roomId = seeded.room('Sala Roma');
    const { a, b, annaJoin, marcoJoin } = await acrossTwoProcesses(roomId);
    b.socket.terminate();
    const { client: back, welcome } = await enter(url.a, marcoJoin.token);
    expect(welcome).toMatchObject({ self: { identity: marcoJoin.identity }, peers: [{ identity: annaJoin.identity }] });
    a.send({ type: 'signal', to: marcoJoin.identity, data: offer });
    expect(await back.next('signal')).toEqual({ type: 'signal', from: annaJoin.identity, data: offer });
    // The marker: a third member lost on the owner after Marco came back, whose grace runs out
    // after his would have. Its departure is the first Anna hears of; Marco's would come before it.
    const { client: third, welcome: thirdWelcome } = await enter(url.a, (await join(staff.annaOnA, roomId)).token);
    expect(await a.next('peer-joined')).toEqual({ type: 'peer-joined', peer: thirdWelcome.self });
    third.socket.terminate();
    expect(await a.next('peer-left', GRACE_MS + 5000)).toEqual({ type: 'peer-left', identity: thirdWelcome.self.identity, reason: 'lost' });
    expect(a.drain()).toEqual([]);
    expect(goneOf(marcoJoin.identity)).toEqual([]);

    // Lost through A for good this time: announced after the grace, and told once.
    back.socket.terminate();
    expect(await a.next('peer-left', GRACE_MS + 2000)).toEqual({ type: 'peer-left', identity: marcoJoin.identity, reason: 'lost' });
    expect(goneOf(marcoJoin.identity)).toEqual([[seeded.demoId, marcoJoin.identity]]);
  });

  it('closes the bridged sockets when the owning process stops, and they start again on their own process', async () => {
    const roomId = seeded.room('Sala Consulenza');
    const { b, marcoJoin, owner } = await acrossTwoProcesses(roomId);
    await cluster.a.close();
    const { code } = await b.closed;
    expect(code).toBe(1012);
    await until(async () => (await ownerOf(roomId)) !== owner, 'the room is given up');

    const { client: again, welcome } = await enter(url.b, marcoJoin.token);
    expect(welcome).toMatchObject({ self: { identity: marcoJoin.identity }, peers: [] });
    expect(await ownerOf(roomId)).not.toBe(owner);
    const other = await enter(url.b, (await join(staff.annaOnB, roomId)).token);
    expect(other.welcome.peers.map((peer) => peer.identity)).toEqual([marcoJoin.identity]);
    expect((await again.next('peer-joined')).peer).toEqual(other.welcome.self);
  });
});
