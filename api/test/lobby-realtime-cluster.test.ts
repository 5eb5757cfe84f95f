import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { joinRequests, stores } from '../src/db/schema';
import { REDIS_URL, startClusterApps, type ClusterApps } from './helpers/cluster-apps';
import { Visitor } from './helpers/lobby-fixtures';
import { LobbySocket, lobbyAddress } from './helpers/lobby-socket';
import { START_TIMEOUT_MS, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';
import { seededRooms, signedInStaff, type SeededRooms } from './helpers/video-room-fixtures';

/*
 * Two API processes (two apps on one database and one Redis): a change made through either
 * reaches the lobby sockets of both, and the per-IP limits count the calls to both together.
 */
const SEND_PER_MINUTE = 3;

let cluster: ClusterApps;
let seeded: SeededRooms;
let milano: string;
const url = { a: '', b: '' };
const open: LobbySocket[] = [];

beforeAll(async () => {
  cluster = await startClusterApps({
    env: {
      ROOM_TOKEN_SECRET: 'lobby-cluster-secret-0123456789abcdefgh',
      JOIN_REQUEST_RATE_LIMIT_PER_MINUTE: String(SEND_PER_MINUTE),
      LOBBY_RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
  seeded = await seededRooms(cluster.a);
  const [store] = await cluster.a.db.asOwnerForTenant(seeded.demoId, (tx) =>
    tx
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.companyId, seeded.demoId), eq(stores.name, 'Milano Centro'))),
  );
  milano = store!.id;
  url.a = (await lobbyAddress(cluster.a.app)).url;
  url.b = (await lobbyAddress(cluster.b.app)).url;
}, START_TIMEOUT_MS);
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});
afterAll(() => cluster.close());

async function track(client: Promise<LobbySocket>): Promise<LobbySocket> {
  open.push(await client);
  return open.at(-1)!;
}

/** An address of this run only: the rate limits count per IP in Redis, which other runs share. */
const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** A visitor's browser on `t`, with its CSRF cookie. */
async function browserOn(t: TestApp, address = freshAddress()): Promise<TestClient> {
  const browser = new TestClient(t.app, 'demo.localhost', address);
  await browser.get('/api/me');
  return browser;
}

describe('the lobby across two processes', () => {
  it('brings a request sent through one process to staff on the other, and the answer back', async () => {
    const annaOnB = await signedInStaff(cluster.b, 'admin');
    const staffOnB = await track(LobbySocket.staff(url.b, annaOnB));
    const staffOnA = await track(LobbySocket.staff(url.a, await signedInStaff(cluster.a, 'operatore')));
    await staffOnB.next('queue');
    await staffOnA.next('queue');

    const visitor = new Visitor(await browserOn(cluster.a));
    await visitor.send(milano, seeded.room('Sala Consulenza'));
    expect(await staffOnB.next('request')).toMatchObject({ request: { id: visitor.id, status: 'pending' } });
    expect(await staffOnA.next('request')).toMatchObject({ request: { id: visitor.id, status: 'pending' } });

    const waiting = await track(LobbySocket.visitor(url.a, 'demo.localhost', visitor.id, visitor.token));
    expect(await waiting.next('status')).toMatchObject({ request: { status: 'pending' } });
    expect((await annaOnB.post(`/api/video-room/join-request/${visitor.id}/approve`)).statusCode).toBe(200);
    expect(await waiting.next('status')).toMatchObject({ request: { id: visitor.id, status: 'approved' } });
    expect(await staffOnA.next('request')).toMatchObject({ request: { id: visitor.id, status: 'approved', handledBy: { name: 'Anna Rossi' } } });
  });

  it('counts the calls of one address to both processes against one limit', async () => {
    const address = freshAddress();
    const onA = await browserOn(cluster.a, address);
    const onB = await browserOn(cluster.b, address);
    const send = (browser: TestClient) =>
      browser.post(`/api/video-room/${milano}/send-join-request`, { name: 'Giulia Neri', room: seeded.room('Sala Consulenza') });
    const codes: number[] = [];
    for (let call = 0; call <= SEND_PER_MINUTE; call += 1) codes.push((await send(call % 2 === 0 ? onA : onB)).statusCode);
    expect(codes).toEqual([...Array<number>(SEND_PER_MINUTE).fill(200), 429]);
  });

  it('gives every socket its state afresh once Redis subscriptions are back after a drop', async () => {
    const visitor = new Visitor(await browserOn(cluster.a));
    await visitor.send(milano, seeded.room('Sala Consulenza'));
    const staffOnB = await track(LobbySocket.staff(url.b, await signedInStaff(cluster.b, 'admin')));
    expect((await staffOnB.next('queue')).requests.map((request) => request.id)).toContain(visitor.id);
    const waiting = await track(LobbySocket.visitor(url.a, 'demo.localhost', visitor.id, visitor.token));
    expect(await waiting.next('status')).toMatchObject({ request: { status: 'pending' } });

    // Cancelled without a word on the lobby channel: as if its announcement was lost in the drop.
    await cluster.a.db.asOwnerForTenant(seeded.demoId, (tx) => tx.update(joinRequests).set({ status: 'cancelled' }).where(eq(joinRequests.id, visitor.id)));
    const admin = new Redis(REDIS_URL);
    try {
      // The subscriber connections of both apps (this process's pub/subs name them so).
      const subscribers = String(await admin.client('LIST'))
        .split('\n')
        .map((line) => Object.fromEntries(line.split(' ').map((field) => field.split('=', 2))) as Record<string, string>)
        .filter(({ name }) => name?.startsWith(`incontra-${process.pid}-`) && name.endsWith('-sub'));
      expect(subscribers).toHaveLength(2);
      for (const { id } of subscribers) await admin.client('KILL', 'ID', id!);
    } finally {
      await admin.quit();
    }
    expect((await staffOnB.next('queue')).requests.map((request) => request.id)).not.toContain(visitor.id);
    expect(await waiting.next('status')).toMatchObject({ request: { id: visitor.id, status: 'cancelled' } });
    expect((await waiting.closed).code).toBe(4004);
  });
});
