import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import Fastify from 'fastify';
import WebSocket from 'ws';
import { LOBBY } from '@incontra/contracts/realtime/lobby';
import { SIGNALLING } from '@incontra/contracts/realtime/signalling';
import { LobbyHub } from '../src/lobby-realtime/lobby-hub';
import { createLobbyGate } from '../src/lobby-realtime/lobby-realtime-routes';
import { DEFAULT_LOBBY_LIMITS } from '../src/lobby-realtime/lobby-session';
import type { PubSubLobbyNotifier } from '../src/lobby-realtime/notifier';
import { ClusterSignalling } from '../src/signalling/cluster-signalling';
import { InProcessPubSub } from '../src/realtime/in-process-pubsub';
import { realtimeRoutes } from '../src/socket-routes';
import { PLUGIN_COMPANIES, startLobbyPlugin, type FakeSessions, type LobbyPluginApp } from './helpers/lobby-plugin-app';
import { joinRequestEvent, lobbyAddress, LobbySocket, type FakeLobbyAccess, type LobbyUpgrade } from './helpers/lobby-socket';
import { until } from './helpers/until';

/*
 * The lobby socket plugin over real sockets, with shortened timers, the join-request service
 * faked and companies and sessions made up: a Cookie `session=<user id>` signs in on any host.
 */
const DEMO = PLUGIN_COMPANIES['demo.localhost']!;
const MILANO = randomUUID();
const ROMA = randomUUID();
const ANNA = randomUUID();
const MARCO = randomUUID();
const LIMITS = { ...DEFAULT_LOBBY_LIMITS, helloTimeoutMs: 150, heartbeatIntervalMs: 50, maxMissedHeartbeats: 3, sessionCheckIntervalMs: 50 };

let t: LobbyPluginApp;
let access: FakeLobbyAccess;
let hub: LobbyHub;
let notifier: PubSubLobbyNotifier;
let sessions: FakeSessions;
let url: string;
let port: number;
const open: LobbySocket[] = [];

beforeAll(async () => {
  t = await startLobbyPlugin({ limits: LIMITS });
  ({ access, hub, notifier, sessions, url, port } = t);
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
  access.failure = null;
  sessions.signedOut.clear();
  sessions.unreadable.clear();
});
afterAll(() => t.close());

async function track(client: Promise<LobbySocket>): Promise<LobbySocket> {
  open.push(await client);
  return open.at(-1)!;
}

function staff(user: string, host = 'demo.localhost', upgrade: LobbyUpgrade = {}): Promise<LobbySocket> {
  return track(t.staff(user, { host, ...upgrade }));
}

function visitor(requestId: string, token: string, host = 'demo.localhost'): Promise<LobbySocket> {
  return track(LobbySocket.visitor(url, host, requestId, token));
}

async function expectRefused(client: LobbySocket): Promise<void> {
  expect(await client.next('bye')).toEqual({ type: 'bye', reason: 'unauthorized' });
  expect((await client.closed).code).toBe(4001);
}

describe('the lobby socket', () => {
  it('gives staff their queue, then the changes of their stores only', async () => {
    const waiting = joinRequestEvent({ companyId: DEMO, storeId: MILANO }).request;
    access.setQueue(DEMO, ANNA, [waiting], new Set([MILANO]));
    access.setQueue(DEMO, MARCO, [], new Set([ROMA]));
    const anna = await staff(ANNA);
    const marco = await staff(MARCO);
    const acme = await staff(ANNA, 'acme.localhost');
    expect(await anna.next('queue')).toEqual({ type: 'queue', requests: [waiting] });
    expect(await marco.next('queue')).toEqual({ type: 'queue', requests: [] });
    await acme.next('queue');

    const milano = joinRequestEvent({ companyId: DEMO, storeId: MILANO });
    await notifier.changed(milano);
    expect(await anna.next('request')).toEqual({ type: 'request', request: milano.request });
    expect(await marco.drainToEcho()).toEqual([]);
    expect(await acme.drainToEcho()).toEqual([]);
  });

  it('gives a visitor its status, then the changes of its own request, and ends with a final one', async () => {
    const mine = access.addRequest(joinRequestEvent({ companyId: DEMO }), 'my-token');
    const other = access.addRequest(joinRequestEvent({ companyId: DEMO }), 'other-token');
    const tab = await visitor(mine.request.id, 'my-token');
    const stranger = await visitor(other.request.id, 'other-token');
    expect(await tab.next('status')).toEqual({ type: 'status', request: mine.visitor });
    await stranger.next('status');

    const busy = joinRequestEvent({ companyId: DEMO, id: mine.request.id, status: 'busy', message: 'Un attimo' });
    await notifier.changed(busy);
    expect(await tab.next('status')).toEqual({ type: 'status', request: busy.visitor });
    const rejected = joinRequestEvent({ companyId: DEMO, id: mine.request.id, status: 'rejected', message: 'Siamo chiusi' });
    await notifier.changed(rejected);
    expect(await tab.next('status')).toEqual({ type: 'status', request: rejected.visitor });
    expect(await tab.next('bye')).toEqual({ type: 'bye', reason: 'closed' });
    expect((await tab.closed).code).toBe(4004);
    expect(await stranger.drainToEcho()).toEqual([]);
  });

  it('refuses a wrong token and another company request with 4001', async () => {
    const mine = access.addRequest(joinRequestEvent({ companyId: DEMO }), 'my-token');
    await expectRefused(await visitor(mine.request.id, 'not-my-token'));
    await expectRefused(await visitor(mine.request.id, 'my-token', 'acme.localhost'));
    await expectRefused(await visitor(mine.request.id, 'my-token', 'nobody.localhost'));
  });

  it('refuses staff without a session, from another origin or with no origin, with 4001', async () => {
    await expectRefused(await staff(''));
    await expectRefused(await staff(ANNA, 'demo.localhost', { origin: 'http://evil.example' }));
    await expectRefused(await staff(ANNA, 'demo.localhost', { origin: `http://acme.localhost:${port}` }));
    const noOrigin = await track(LobbySocket.open(url, { host: 'demo.localhost', cookie: `session=${ANNA}` }));
    noOrigin.send({ type: 'hello', role: 'staff' });
    await expectRefused(noOrigin);
    expect(hub.socketCount()).toBe(0);
  });

  it('closes with 1011 and no bye when the hello cannot be checked, so that the client retries', async () => {
    const broken = await staff('database-down');
    expect((await broken.closed).code).toBe(1011);
    access.failure = new Error('database down');
    const unread = await staff(ANNA);
    expect((await unread.closed).code).toBe(1011);
    expect([...broken.drain(), ...unread.drain()]).toEqual([]);
  });

  it('dismisses a staff socket once its session is over, keeping it while the session cannot be read', async () => {
    access.setQueue(DEMO, ANNA, [], null);
    access.setQueue(DEMO, MARCO, [], null);
    const anna = await staff(ANNA);
    const marco = await staff(MARCO);
    await anna.next('queue');
    await marco.next('queue');

    // The database fails for a few rounds: no answer, so the socket stays.
    sessions.unreadable.add(ANNA);
    const before = sessions.asked.get(ANNA) ?? 0;
    await until(() => (sessions.asked.get(ANNA) ?? 0) - before >= 2, 'two unanswered session checks');
    expect(await anna.drainToEcho()).toEqual([]);

    // Signed out: told and closed within a round; the others go on.
    sessions.unreadable.delete(ANNA);
    sessions.signedOut.add(ANNA);
    const started = Date.now();
    expect(await anna.next('bye')).toEqual({ type: 'bye', reason: 'unauthorized' });
    expect((await anna.closed).code).toBe(4001);
    // One round, plus the machine's time when it is busy.
    expect(Date.now() - started).toBeLessThan(LIMITS.sessionCheckIntervalMs + 1000);
    expect(hub.socketCount()).toBe(1);
    const change = joinRequestEvent({ companyId: DEMO });
    await notifier.changed(change);
    expect(await marco.next('request')).toEqual({ type: 'request', request: change.request });
  });

  it('stops checking a staff socket once it is closed', async () => {
    access.setQueue(DEMO, ANNA, [], null);
    access.setQueue(DEMO, MARCO, [], null);
    const anna = await staff(ANNA);
    const marco = await staff(MARCO);
    await Promise.all([anna.next('queue'), marco.next('queue')]);
    const atHello = sessions.asked.get(ANNA) ?? 0;
    await until(() => (sessions.asked.get(ANNA) ?? 0) > atHello, 'a session check');
    await anna.close();
    // Marco's socket, checked on the same interval, is the clock: rounds counted, not guessed.
    const rounds = async (count: number) => {
      const from = sessions.asked.get(MARCO) ?? 0;
      await until(() => (sessions.asked.get(MARCO) ?? 0) - from >= count, `${count} rounds of session checks`);
    };
    await rounds(2);
    const afterClose = sessions.asked.get(ANNA);
    await rounds(4);
    expect(sessions.asked.get(ANNA)).toBe(afterClose);
  });

  it('closes a socket that does not say hello in time with 4008', async () => {
    const silent = await track(LobbySocket.open(url, { host: 'demo.localhost' }));
    expect((await silent.closed).code).toBe(4008);
    expect(silent.drain()).toEqual([]);
  });

  it('answers ping with pong and refuses bad messages, keeping the socket open', async () => {
    const client = await track(LobbySocket.open(url, { host: 'demo.localhost' }));
    client.send({ type: 'ping' });
    expect(await client.next('pong')).toEqual({ type: 'pong' });
    for (const garbage of ['{not json', JSON.stringify({ type: 'shout' }), JSON.stringify({ type: 'hello', role: 'visitor', requestId: 'nope', token: 't' })]) {
      client.send(garbage);
      expect(await client.next('bad')).toEqual({ type: 'bad', reason: 'malformed' });
    }
    client.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await client.next('bad')).toEqual({ type: 'bad', reason: 'malformed' });
    client.send({ type: 'ping', padding: 'a'.repeat(LOBBY.maxMessageBytes) });
    expect(await client.next('bad')).toEqual({ type: 'bad', reason: 'too-large' });

    access.setQueue(DEMO, ANNA, [], null);
    const console = await staff(ANNA);
    await console.next('queue');
    console.send({ type: 'hello', role: 'staff' });
    expect(await console.next('bad')).toEqual({ type: 'bad', reason: 'unexpected' });
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('closes a socket that keeps sending bad messages, or floods, with 4029', async () => {
    const bad = await track(LobbySocket.open(url, { host: 'demo.localhost' }));
    for (let index = 0; index <= LIMITS.maxBadMessages; index += 1) bad.send('{');
    expect((await bad.closed).code).toBe(4029);
    expect(bad.drain().filter((message) => message.type === 'bad')).toHaveLength(LIMITS.maxBadMessages);

    // Beyond the bucket nothing is answered, and the socket is dropped once it is clearly a flood.
    const flood = await track(LobbySocket.open(url, { host: 'demo.localhost' }));
    for (let index = 0; index < LIMITS.rateBurst + LIMITS.maxBadMessages + 5; index += 1) flood.send({ type: 'ping' });
    expect((await flood.closed).code).toBe(4029);
    const answers = flood.drain();
    expect(answers.every((message) => message.type === 'pong')).toBe(true);
    expect(answers.length).toBeLessThanOrEqual(LIMITS.rateBurst + 1);
  });

  it('drops a socket that stops answering protocol pings, and it leaves the hub', async () => {
    const mine = access.addRequest(joinRequestEvent({ companyId: DEMO }), 'my-token');
    const ghost = new WebSocket(url, { autoPong: false, headers: { host: `demo.localhost:${port}` } });
    await new Promise((resolve) => ghost.once('open', resolve));
    ghost.send(JSON.stringify({ type: 'hello', role: 'visitor', requestId: mine.request.id, token: 'my-token' }));
    await new Promise((resolve) => ghost.once('message', resolve));
    expect(hub.socketCount()).toBe(1);
    await new Promise((resolve) => ghost.once('close', resolve));
    expect(hub.socketCount()).toBe(0);
  });
});

describe('the lobby socket beside the signalling socket', () => {
  it('shares one WebSocket registration: both answer, no upgrade is routed twice, both close as going away', async () => {
    const warnings: string[] = [];
    const shared = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void warnings.push(line) } } });
    const sharedPubsub = new InProcessPubSub();
    const sharedHub = new LobbyHub({ pubsub: sharedPubsub, access, log: shared.log });
    // An upgrade marked x-hold waits here until let go: one still on its way when the server closes.
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    let letGo!: () => void;
    const released = new Promise<void>((resolve) => (letGo = resolve));
    shared.addHook('onRequest', async (request) => {
      if (!request.headers['x-hold']) return;
      held();
      await released;
    });
    await shared.register(realtimeRoutes, {
      signalling: { rooms: ClusterSignalling.local({ log: shared.log, graceMs: 0 }), authorize: async () => null },
      lobby: { hub: sharedHub, gate: createLobbyGate(sessions.authenticate, sessions.tenancy) },
    });
    try {
      const address = await lobbyAddress(shared);
      const signalling = new WebSocket(address.url.replace(LOBBY.path, SIGNALLING.path));
      await new Promise((resolve) => signalling.once('open', resolve));
      signalling.send(JSON.stringify({ type: 'hello', token: 'nobody' }));
      expect(JSON.parse(String(await new Promise((resolve) => signalling.once('message', resolve))))).toEqual({ type: 'bye', reason: 'unauthorized' });

      const client = await LobbySocket.open(address.url, { host: 'demo.localhost' });
      client.send({ type: 'ping' });
      expect(await client.next('pong')).toEqual({ type: 'pong' });
      const late = new WebSocket(address.url, { headers: { host: 'demo.localhost', 'x-hold': '1' } });
      const answer = new Promise<number | 'open'>((resolve) => {
        late.once('open', () => resolve('open'));
        late.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      });
      await holding;
      const closing = shared.close();
      expect((await client.closed).code).toBe(1001);
      // The held upgrade goes on after every socket was closed: it is refused, not opened.
      letGo();
      expect(await answer).toBe(503);
      late.once('error', () => undefined); // ws reports the refused handshake once more as it lets go
      late.terminate();
      await closing;
      expect(warnings).toEqual([]);
    } finally {
      await shared.close();
      await sharedPubsub.close();
    }
  });

  it('answers an upgrade that arrives once the server is stopping with 503 and ends its connection, so the stop is not held', async () => {
    const stopping = Fastify({ logger: false });
    const stoppingPubsub = new InProcessPubSub();
    const rooms = ClusterSignalling.local({ log: stopping.log, graceMs: 0 });
    // The rooms' shutdown is held: the server is stopping but still holds its connections.
    let began!: () => void;
    const shutdownBegan = new Promise<void>((resolve) => (began = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const shutdownRooms = rooms.shutdown.bind(rooms);
    rooms.shutdown = async () => {
      began();
      await released;
      await shutdownRooms();
    };
    await stopping.register(realtimeRoutes, {
      signalling: { rooms, authorize: async () => null },
      lobby: { hub: new LobbyHub({ pubsub: stoppingPubsub, access, log: stopping.log }), gate: createLobbyGate(sessions.authenticate, sessions.tenancy) },
    });
    const { port: stoppingPort } = await lobbyAddress(stopping);
    // A browser's connection, open before the stop, whose upgrade request is not complete yet.
    const socket = connect(stoppingPort, '127.0.0.1');
    try {
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        `GET ${LOBBY.path} HTTP/1.1\r\nHost: demo.localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
          `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${Buffer.from(randomUUID().slice(0, 16)).toString('base64')}\r\n`,
      );
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      // The server ends the connection itself: the client never closes its side here.
      const ended = new Promise<void>((resolve) => socket.once('end', resolve));
      socket.on('error', () => undefined);

      const closing = stopping.close();
      await shutdownBegan;
      socket.write('\r\n');
      await ended;
      expect(answer).toMatch(/^HTTP\/1\.1 503 /);
      release();
      await closing;
    } finally {
      socket.destroy();
      release();
      await stopping.close();
      await stoppingPubsub.close();
    }
  });
});
