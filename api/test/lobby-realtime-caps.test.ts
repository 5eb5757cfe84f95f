import { randomUUID } from 'node:crypto';
import { LOBBY_CLOSE } from '@incontra/contracts/realtime/lobby';
import { DEFAULT_LOBBY_LIMITS } from '../src/lobby-realtime/lobby-session';
import { credentialKey } from '../src/realtime/socket-caps';
import { SlotCounter } from '../src/realtime/socket-slots';
import { type FakeLobbyAccess, joinRequestEvent, LobbySocket } from './helpers/lobby-socket';
import { PLUGIN_COMPANIES, startLobbyPlugin, type LobbyPluginApp } from './helpers/lobby-plugin-app';
import { until } from './helpers/until';

/*
 * Sockets per client address (at the upgrade), per staff session and per visitor token: the
 * extra ones are closed with 4030 before any work is done for them, and a closed socket gives its
 * place back. The app trusts X-Forwarded-For here, so that each test speaks from its own address.
 */
const DEMO = PLUGIN_COMPANIES['demo.localhost']!;
const CAPS = { perAddress: 4, perStaffSession: 2, perVisitorToken: 2 };
const TOO_MANY = LOBBY_CLOSE.tooManyConnections;

let t: LobbyPluginApp;
let slots: SlotCounter;
let access: FakeLobbyAccess;
const open: LobbySocket[] = [];
let nextAddress = 1;

beforeAll(async () => {
  slots = new SlotCounter();
  // Hello timeouts long enough that silent sockets stay for the test.
  t = await startLobbyPlugin({ trustProxy: true, caps: CAPS, slots, limits: { ...DEFAULT_LOBBY_LIMITS, helloTimeoutMs: 30_000 } });
  access = t.access;
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
  await until(() => slots.held() === 0, 'every slot given back');
});
afterAll(() => t.close());

/** A client address of its own for each test. */
function newAddress(): string {
  nextAddress += 1;
  return `10.0.${Math.floor(nextAddress / 250)}.${nextAddress % 250}`;
}

async function track(client: Promise<LobbySocket>): Promise<LobbySocket> {
  open.push(await client);
  return open.at(-1)!;
}

function silent(ip: string): Promise<LobbySocket> {
  return track(LobbySocket.open(t.url, { host: 'demo.localhost', headers: { 'x-forwarded-for': ip } }));
}

function staff(user: string, ip: string): Promise<LobbySocket> {
  return track(t.staff(user, { headers: { 'x-forwarded-for': ip } }));
}

function visitor(ip: string, requestId: string, token: string): Promise<LobbySocket> {
  return track(
    LobbySocket.open(t.url, { host: 'demo.localhost', headers: { 'x-forwarded-for': ip } }).then((client) => {
      client.send({ type: 'hello', role: 'visitor', requestId, token });
      return client;
    }),
  );
}

/** Refused with 4030 and not one message. */
async function expectTooMany(client: LobbySocket): Promise<void> {
  expect((await client.closed).code).toBe(TOO_MANY);
  expect(client.drain()).toEqual([]);
}

async function expectAlive(client: LobbySocket): Promise<void> {
  client.send({ type: 'ping' });
  expect(await client.next('pong')).toEqual({ type: 'pong' });
}

describe('the lobby socket caps', () => {
  it('refuses sockets beyond the cap of an address at the upgrade, before any hello is read, and takes one again once one closes', async () => {
    const ip = newAddress();
    const first = [];
    for (let index = 0; index < CAPS.perAddress; index += 1) first.push(await silent(ip));
    const user = randomUUID();
    const extra = await staff(user, ip);
    await expectTooMany(extra);
    expect(t.sessions.asked.get(user)).toBeUndefined();

    // Another address is not concerned; those in place still work.
    await expectAlive(await silent(newAddress()));
    await expectAlive(first[0]!);

    await first[1]!.close();
    await until(() => slots.held(`address:${ip}`) === CAPS.perAddress - 1, 'the closed socket gives its place back');
    await expectAlive(await silent(ip));
    await expectTooMany(await silent(ip));
  });

  it('refuses a staff session beyond its cap after sign-in, before its queue is read, other sessions still welcome', async () => {
    const anna = randomUUID();
    const marco = randomUUID();
    access.setQueue(DEMO, anna, [], null);
    access.setQueue(DEMO, marco, [], null);
    const tabs = [];
    for (let index = 0; index < CAPS.perStaffSession; index += 1) {
      const tab = await staff(anna, newAddress());
      await tab.next('queue');
      tabs.push(tab);
    }
    const release = access.hold();
    const extra = await staff(anna, newAddress());
    // Refused while reads are held: it never reached the queue.
    await expectTooMany(extra);
    release();
    const other = await staff(marco, newAddress());
    expect(await other.next('queue')).toEqual({ type: 'queue', requests: [] });

    await tabs[0]!.close();
    await until(() => slots.held(credentialKey('staff', `session-${anna}`)) === CAPS.perStaffSession - 1, 'the closed console gives its place back');
    const again = await staff(anna, newAddress());
    expect(await again.next('queue')).toEqual({ type: 'queue', requests: [] });
  });

  it('gives the place back when the server ends the socket itself', async () => {
    const anna = randomUUID();
    access.setQueue(DEMO, anna, [], null);
    const tabs = [];
    for (let index = 0; index < CAPS.perStaffSession; index += 1) {
      const tab = await staff(anna, newAddress());
      await tab.next('queue');
      tabs.push(tab);
    }
    // Enough refused messages end a socket with 4029: the server closes it, not the client.
    for (let index = 0; index <= DEFAULT_LOBBY_LIMITS.maxBadMessages; index += 1) tabs[0]!.send('{');
    expect((await tabs[0]!.closed).code).toBe(LOBBY_CLOSE.badMessage);
    await until(() => slots.held(credentialKey('staff', `session-${anna}`)) === 1, 'the ended socket gives its place back');
    const again = await staff(anna, newAddress());
    expect(await again.next('queue')).toEqual({ type: 'queue', requests: [] });
  });

  it('counts a visitor by request and token before the token is checked: wrong tokens never take the real visitor’s places', async () => {
    const mine = access.addRequest(joinRequestEvent({ companyId: DEMO }), 'my-token');
    const id = mine.request.id;
    const release = access.hold();
    const guesses = [await visitor(newAddress(), id, 'guess'), await visitor(newAddress(), id, 'guess')];
    // A third with the same wrong token is refused while the checks are still held: no read for it.
    await expectTooMany(await visitor(newAddress(), id, 'guess'));
    const tabs = [await visitor(newAddress(), id, 'my-token'), await visitor(newAddress(), id, 'my-token')];
    release();
    for (const tab of tabs) expect(await tab.next('status')).toEqual({ type: 'status', request: mine.visitor });
    for (const guess of guesses) expect((await guess.closed).code).toBe(LOBBY_CLOSE.unauthorized);

    await expectTooMany(await visitor(newAddress(), id, 'my-token'));
    await tabs[0]!.close();
    await until(() => slots.held(credentialKey('visitor', id, 'my-token')) === 1, 'the closed tab gives its place back');
    const again = await visitor(newAddress(), id, 'my-token');
    expect(await again.next('status')).toEqual({ type: 'status', request: mine.visitor });
  });

  it('lets exactly the cap in when one session opens many sockets at once', async () => {
    const anna = randomUUID();
    access.setQueue(DEMO, anna, [], null);
    const flood = await Promise.all(Array.from({ length: 12 }, () => staff(anna, newAddress())));
    const outcomes = await Promise.all(flood.map((client) => Promise.race([client.next('queue').then(() => 'queue'), client.closed.then(({ code }) => code)])));
    expect(outcomes.filter((outcome) => outcome === 'queue')).toHaveLength(CAPS.perStaffSession);
    expect(outcomes.filter((outcome) => outcome === TOO_MANY)).toHaveLength(12 - CAPS.perStaffSession);
    expect(t.hub.socketCount()).toBe(CAPS.perStaffSession);
  });

  it('lets exactly the cap in when one address opens many sockets at once', async () => {
    const ip = newAddress();
    const flood = await Promise.all(Array.from({ length: 10 }, () => silent(ip)));
    const outcomes = await Promise.all(
      flood.map((client) => {
        client.send({ type: 'ping' });
        return Promise.race([client.next('pong').then(() => 'pong'), client.closed.then(({ code }) => code)]);
      }),
    );
    expect(outcomes.filter((outcome) => outcome === 'pong')).toHaveLength(CAPS.perAddress);
    expect(outcomes.filter((outcome) => outcome === TOO_MANY)).toHaveLength(10 - CAPS.perAddress);
  });
});
