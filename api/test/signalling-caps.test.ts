import Fastify, { type FastifyInstance } from 'fastify';
import type { RoomTokenClaims } from '@incontra/contracts/api/video-room';
import { SIGNALLING_CLOSE } from '@incontra/contracts/realtime/signalling';
import { ClusterSignalling } from '../src/signalling/cluster-signalling';
import { realtimeRoutes } from '../src/socket-routes';
import type { RoomAccess } from '../src/signalling/room-access';
import type { SignallingHub } from '../src/signalling/signalling-hub';
import { credentialKey } from '../src/realtime/socket-caps';
import { SlotCounter } from '../src/realtime/socket-slots';
import { SignallingClient, signallingUrl } from './helpers/signalling-client';
import { until } from './helpers/until';

/*
 * Signalling sockets per client address (at the upgrade) and per room token (at `hello`, before
 * the token is checked): the extra ones are closed with 4030, and a closed socket gives its
 * place back. The authorizer can be held, so that sockets stay between `hello` and `welcome`.
 * The app trusts X-Forwarded-For, so that each test speaks from its own addresses.
 */
const COMPANY = '11111111-1111-4111-8111-111111111111';
const ROOM = '22222222-2222-4222-8222-222222222222';
const CAPS = { perAddress: 3, perRoomToken: 2 };
const TOO_MANY = SIGNALLING_CLOSE.tooManyConnections;

function claimsFor(identity: string): RoomTokenClaims {
  return { cid: COMPANY, rid: ROOM, sub: identity, role: 'staff', name: identity, iat: 0, exp: 0 };
}

let app: FastifyInstance;
let hub: SignallingHub;
let url: string;
let slots: SlotCounter;
/** Tokens as the authorizer was asked for them. */
const authorized: string[] = [];
let held: Promise<void> | null = null;
const open: SignallingClient[] = [];
let nextAddress = 1;

beforeAll(async () => {
  app = Fastify({ logger: false, trustProxy: true });
  const rooms = ClusterSignalling.local({ log: app.log, graceMs: 0 });
  hub = rooms.hub;
  slots = new SlotCounter();
  await app.register(realtimeRoutes, {
    signalling: {
      rooms,
      caps: CAPS,
      slots,
      authorize: async (token): Promise<RoomAccess | null> => {
        authorized.push(token);
        await held;
        return token.startsWith('staff-') ? { claims: claimsFor(token), maxParticipants: null } : null;
      },
    },
  });
  url = await signallingUrl(app);
});
afterEach(async () => {
  held = null;
  await Promise.all(open.splice(0).map((client) => client.close()));
  await until(() => slots.held() === 0, 'every slot given back');
  authorized.splice(0);
});
afterAll(() => app.close());

function newAddress(): string {
  nextAddress += 1;
  return `10.1.${Math.floor(nextAddress / 250)}.${nextAddress % 250}`;
}

function hold(): () => void {
  let release = () => undefined as void;
  held = new Promise((resolve) => (release = resolve));
  return release;
}

async function socket(ip = newAddress(), token?: string): Promise<SignallingClient> {
  const client = await SignallingClient.open(url, { 'x-forwarded-for': ip });
  open.push(client);
  if (token) client.send({ type: 'hello', token });
  return client;
}

async function expectTooMany(client: SignallingClient): Promise<void> {
  expect((await client.closed).code).toBe(TOO_MANY);
  expect(client.drain()).toEqual([]);
}

describe('the signalling socket caps', () => {
  it('refuses sockets beyond the cap of an address at the upgrade, and takes one again once one closes', async () => {
    const ip = newAddress();
    const first = [await socket(ip), await socket(ip), await socket(ip)];
    await expectTooMany(await socket(ip, 'staff-extra'));
    expect(authorized).toEqual([]);

    // Another address is not concerned.
    const elsewhere = await socket(newAddress(), 'staff-elsewhere');
    expect(await elsewhere.next('welcome')).toMatchObject({ self: { identity: 'staff-elsewhere' } });

    await first[0]!.close();
    await until(() => slots.held(`address:${ip}`) === CAPS.perAddress - 1, 'the closed socket gives its place back');
    const again = await socket(ip, 'staff-again');
    expect(await again.next('welcome')).toMatchObject({ self: { identity: 'staff-again' } });
  });

  it('refuses a room token beyond its cap before checking it, and takes it again once one closes', async () => {
    const release = hold();
    const checking = [await socket(newAddress(), 'staff-anna'), await socket(newAddress(), 'staff-anna')];
    await until(() => authorized.length === 2, 'both tokens being checked');
    await expectTooMany(await socket(newAddress(), 'staff-anna'));
    // Not one more check for the refused socket; another token is not concerned.
    const marco = await socket(newAddress(), 'staff-marco');
    await until(() => authorized.length === 3, 'the other token being checked');
    expect(authorized.filter((token) => token === 'staff-anna')).toHaveLength(2);

    await checking[0]!.close();
    await until(() => slots.held(credentialKey('room', 'staff-anna')) === 1, 'the closed socket gives its place back');
    const again = await socket(newAddress(), 'staff-anna');
    await until(() => authorized.filter((token) => token === 'staff-anna').length === 3, 'the new socket being checked');
    release();
    expect(await marco.next('welcome')).toMatchObject({ self: { identity: 'staff-marco' } });
    // Both of the same identity get in; the later one replaces the earlier (4010), as ever.
    const outcomes = await Promise.all(
      [checking[1]!, again].map((client) => Promise.race([client.closed.then(({ code }) => code), client.next('welcome').then(() => 'welcome')])),
    );
    expect(outcomes).toContain('welcome');
    await until(() => hub.presence(COMPANY, ROOM) === 2, 'anna and marco in the room');
  });

  it('checks exactly the cap of sockets when one token says hello on many at once', async () => {
    const release = hold();
    const flood = await Promise.all(Array.from({ length: 10 }, () => socket(newAddress(), 'staff-flood')));
    const outcomes = Promise.all(flood.map((client) => Promise.race([client.closed.then(({ code }) => code), client.next('welcome').then(() => 'welcome')])));
    // The refusals come while the checks are still held: they waited for none.
    await until(() => flood.filter((client) => client.socket.readyState === client.socket.CLOSED).length === 10 - CAPS.perRoomToken, 'the refusals');
    expect(authorized).toHaveLength(CAPS.perRoomToken);
    release();
    const settled = await outcomes;
    expect(settled.filter((outcome) => outcome === TOO_MANY)).toHaveLength(10 - CAPS.perRoomToken);
    expect(settled.filter((outcome) => outcome !== TOO_MANY)).toHaveLength(CAPS.perRoomToken);
  });

  it('lets exactly the cap in when one address opens many sockets at once', async () => {
    const ip = newAddress();
    const flood = await Promise.all(Array.from({ length: 9 }, () => socket(ip)));
    const outcomes = await Promise.all(
      flood.map((client) => {
        client.send({ type: 'heartbeat' });
        return Promise.race([client.next('heartbeat').then(() => 'open'), client.closed.then(({ code }) => code)]);
      }),
    );
    expect(outcomes.filter((outcome) => outcome === 'open')).toHaveLength(CAPS.perAddress);
    expect(outcomes.filter((outcome) => outcome === TOO_MANY)).toHaveLength(9 - CAPS.perAddress);
  });
});
