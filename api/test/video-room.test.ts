import { and, eq } from 'drizzle-orm';
import { joinRoomResponseSchema, type JoinRoomResponse } from '@incontra/contracts/api/video-room';
import { SESSION } from '@incontra/contracts/constants';
import { IT } from '@incontra/contracts/messages/it';
import { IT_VIDEO_ROOM } from '@incontra/contracts/messages/it-video-room';
import { rooms, users, videoRoomRevocations } from '../src/db/schema';
import { turnCredentials } from '../src/realtime/ice-servers';
import { verifyRoomToken } from '../src/video-room/room-token';
import { SignallingClient, signallingUrl } from './helpers/signalling-client';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';
import { until } from './helpers/until';
import { seededRooms, signedInStaff, type SeededRooms } from './helpers/video-room-fixtures';

const SECRET = 'video-room-test-secret-0123456789abcdef';
const TURN_SECRET = 'turn-shared-secret-of-the-test';
const TTL_SECONDS = 600;

let t: TestApp;
let seeded: SeededRooms;
let url: string;
let anna: TestClient;
let marco: TestClient;
const open: SignallingClient[] = [];

beforeAll(async () => {
  t = await startTestApp({
    env: {
      ROOM_TOKEN_SECRET: SECRET,
      ROOM_TOKEN_TTL_SECONDS: String(TTL_SECONDS),
      ICE_SERVERS: 'stun:stun.example.org:3478,turn:turn.example.org:3478',
      TURN_SECRET,
      TURN_TTL_SECONDS: '900',
    },
    rateLimits: { loginPerMinute: 1000 },
  });
  seeded = await seededRooms(t);
  url = await signallingUrl(t.app);
  anna = await signedInStaff(t, 'admin');
  marco = await signedInStaff(t, 'operatore');
}, START_TIMEOUT_MS);
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});
afterAll(() => t.close());

async function join(browser: TestClient, roomId: string): Promise<JoinRoomResponse> {
  const response = await browser.post(`/api/video-room/${roomId}/join`);
  expect(response.statusCode).toBe(200);
  return joinRoomResponseSchema.parse(response.json());
}

async function enter(token: string) {
  const entered = await SignallingClient.enter(url, token);
  open.push(entered.client);
  return entered;
}

/** A browser with the CSRF cookie but no session. */
async function anonymousBrowser(): Promise<TestClient> {
  const browser = new TestClient(t.app);
  await browser.get('/api/me');
  return browser;
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
}

describe('POST /api/video-room/{id}/join', () => {
  it('answers a signed room token, a new identity and ICE servers for the signed-in staff member', async () => {
    const roomId = seeded.room('Sala Consulenza');
    const answer = await join(anna, roomId);
    const now = t.clock.now();
    const iat = Math.floor(now.getTime() / 1000);
    expect(answer).toMatchObject({
      provider: 'local',
      roomName: roomId,
      role: 'staff',
      displayName: 'Anna Rossi',
      expiresAt: new Date(now.getTime() + TTL_SECONDS * 1000).toISOString(),
      room: { id: roomId, name: 'Sala Consulenza', maxParticipants: 4 },
      signallingPath: '/api/realtime/room',
    });
    expect(answer.identity).toMatch(/^staff-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(claimsOf(answer.token)).toEqual({
      cid: seeded.demoId,
      rid: roomId,
      sub: answer.identity,
      role: 'staff',
      name: 'Anna Rossi',
      iat,
      exp: iat + TTL_SECONDS,
    });
    expect(verifyRoomToken(answer.token, SECRET, now)).toMatchObject({ ok: true });
    const turn = turnCredentials(TURN_SECRET, answer.identity, new Date(now.getTime() + 900_000));
    expect(answer.iceServers).toEqual([{ urls: 'stun:stun.example.org:3478' }, { urls: 'turn:turn.example.org:3478', ...turn }]);
    expect(turn.username).toBe(`${iat + 900}:${answer.identity}`);
  });

  it('mints a new identity at every join', async () => {
    const roomId = seeded.room('Sala Roma');
    const [first, second] = [await join(anna, roomId), await join(anna, roomId)];
    expect(first.identity).not.toBe(second.identity);
  });

  it('names the staff member by username when first and last name are empty', async () => {
    const where = and(eq(users.companyId, seeded.demoId), eq(users.username, 'operatore'));
    await t.db.asOwnerForTenant(seeded.demoId, (tx) => tx.update(users).set({ firstName: null, lastName: ' ' }).where(where));
    try {
      expect((await join(marco, seeded.room('Sala Roma'))).displayName).toBe('operatore');
    } finally {
      await t.db.asOwnerForTenant(seeded.demoId, (tx) => tx.update(users).set({ firstName: 'Marco', lastName: 'Bianchi' }).where(where));
    }
  });

  it('takes the name chosen on the pre-join page, trimmed, into the answer and the token', async () => {
    const roomId = seeded.room('Sala Roma');
    const response = await anna.post(`/api/video-room/${roomId}/join`, { displayName: '  Anna – Consulente  ' });
    expect(response.statusCode).toBe(200);
    const answer = joinRoomResponseSchema.parse(response.json());
    expect(answer.displayName).toBe('Anna – Consulente');
    const claims = JSON.parse(Buffer.from(answer.token.split('.')[1] ?? '', 'base64url').toString()) as { name: string };
    expect(claims.name).toBe('Anna – Consulente');
  });

  it('answers 400 naming displayName for an empty or too long name, and issues nothing', async () => {
    const roomId = seeded.room('Sala Roma');
    for (const displayName of ['   ', 'x'.repeat(61), 42]) {
      const response = await anna.post(`/api/video-room/${roomId}/join`, { displayName });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'displayName' });
      expect(response.json()).not.toHaveProperty('token');
    }
  });

  it('answers a malformed room id like an unknown one: 404 to staff, 401 to whoever is not signed in', async () => {
    const notFound = { statusCode: 404, error: 'Not Found', message: IT.errors.notFound };
    expect((await anna.post('/api/video-room/not-a-uuid/join')).json()).toEqual(notFound);
    expect((await anna.post('/api/video-room/5d7c2a4e-8f1b-4c3d-9e6a-0b1c2d3e4f5a/join')).json()).toEqual(notFound);
    expect((await (await anonymousBrowser()).post('/api/video-room/not-a-uuid/join')).statusCode).toBe(401);
  });

  it("answers 404 for another company's room and for an unknown one", async () => {
    for (const roomId of [seeded.room('Sala Acme'), '5d7c2a4e-8f1b-4c3d-9e6a-0b1c2d3e4f5a']) {
      const response = await anna.post(`/api/video-room/${roomId}/join`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).not.toHaveProperty('token');
    }
    const acme = await signedInStaff(t, 'admin', 'acme.localhost');
    expect((await acme.post(`/api/video-room/${seeded.room('Sala Consulenza')}/join`)).statusCode).toBe(404);
    expect((await join(acme, seeded.room('Sala Acme'))).displayName).toBe('Luca Verdi');
  });

  it('answers 401 without a session and 403 without the CSRF header', async () => {
    const roomId = seeded.room('Sala Roma');
    expect((await (await anonymousBrowser()).post(`/api/video-room/${roomId}/join`)).statusCode).toBe(401);
    expect((await anna.post(`/api/video-room/${roomId}/join`, undefined, { [SESSION.csrfHeaderName]: '' })).statusCode).toBe(403);
  });

  it('answers 409 with the reason once the room holds its maximum of live participants', async () => {
    const roomId = seeded.room('Sala Roma');
    await t.db.asOwnerForTenant(seeded.demoId, (tx) => tx.update(rooms).set({ maxParticipants: 2 }).where(eq(rooms.id, roomId)));
    try {
      await enter((await join(anna, roomId)).token);
      const { client: second } = await enter((await join(marco, roomId)).token);
      const full = await anna.post(`/api/video-room/${roomId}/join`);
      expect(full.statusCode).toBe(409);
      expect(full.json()).toEqual({ statusCode: 409, error: 'Conflict', message: IT_VIDEO_ROOM.roomFull(2) });
      expect(IT_VIDEO_ROOM.roomFull(2)).toBe('La stanza è al completo: può ospitare al massimo 2 persone.');

      await second.close();
      // The hub forgets a socket when its close reaches the server, a moment after the client's.
      await until(async () => (await anna.post(`/api/video-room/${roomId}/join`)).statusCode === 200, 'a place freed by the closed socket');
    } finally {
      await t.db.asOwnerForTenant(seeded.demoId, (tx) => tx.update(rooms).set({ maxParticipants: null }).where(eq(rooms.id, roomId)));
    }
  });
});

describe('POST /api/video-room/{id}/kick/{participantId}', () => {
  it('puts the participant out at once, tells the others, and refuses its token from then on', async () => {
    const roomId = seeded.room('Sala Consulenza');
    const annaJoin = await join(anna, roomId);
    const marcoJoin = await join(marco, roomId);
    const { client: annaSocket } = await enter(annaJoin.token);
    const { client: marcoSocket } = await enter(marcoJoin.token);
    await annaSocket.next('peer-joined');

    const kicked = await anna.post(`/api/video-room/${roomId}/kick/${marcoJoin.identity}`);
    expect(kicked.statusCode).toBe(200);
    expect(kicked.json()).toEqual({ ok: true });
    expect(await marcoSocket.next('bye')).toEqual({ type: 'bye', reason: 'kicked' });
    expect((await marcoSocket.closed).code).toBe(4003);
    expect(await annaSocket.next('peer-left')).toEqual({ type: 'peer-left', identity: marcoJoin.identity, reason: 'kicked' });

    const [revocation] = await t.db.withTenant(seeded.demoId, (tx) =>
      tx.select().from(videoRoomRevocations).where(eq(videoRoomRevocations.identity, marcoJoin.identity)),
    );
    expect(revocation).toMatchObject({ companyId: seeded.demoId, roomId, expiresAt: new Date(t.clock.now().getTime() + TTL_SECONDS * 1000) });

    const comeback = await SignallingClient.open(url);
    open.push(comeback);
    comeback.send({ type: 'hello', token: marcoJoin.token });
    expect(await comeback.next('bye')).toEqual({ type: 'bye', reason: 'unauthorized' });
    expect((await comeback.closed).code).toBe(4001);

    // Idempotent; and a new join of the same person is a new identity, which may enter.
    expect((await anna.post(`/api/video-room/${roomId}/kick/${marcoJoin.identity}`)).json()).toEqual({ ok: true });
    const { welcome } = await enter((await join(marco, roomId)).token);
    expect(welcome.peers.map((peer) => peer.identity)).toEqual([annaJoin.identity]);
  });

  it('revokes an identity that is not connected, so its token never enters', async () => {
    const roomId = seeded.room('Sala Roma');
    const marcoJoin = await join(marco, roomId);
    expect((await anna.post(`/api/video-room/${roomId}/kick/${marcoJoin.identity}`)).statusCode).toBe(200);
    const client = await SignallingClient.open(url);
    open.push(client);
    client.send({ type: 'hello', token: marcoJoin.token });
    expect((await client.closed).code).toBe(4001);
  });

  it('answers 422 to a staff member kicking one of their own identities', async () => {
    const roomId = seeded.room('Sala Roma');
    const own = await join(anna, roomId);
    const response = await anna.post(`/api/video-room/${roomId}/kick/${own.identity}`);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ statusCode: 422, error: 'Unprocessable Entity', message: IT_VIDEO_ROOM.cannotKickYourself });
  });

  it('answers 400 naming a bad participant, 404 for a malformed room id or a room not of the company, 401 without a session', async () => {
    const roomId = seeded.room('Sala Roma');
    const identity = 'staff-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    const badParticipant = await anna.post(`/api/video-room/${roomId}/kick/admin`);
    expect(badParticipant.statusCode).toBe(400);
    expect(badParticipant.json()).toMatchObject({ field: 'participantId', message: IT_VIDEO_ROOM.invalidParticipantId });
    expect((await anna.post(`/api/video-room/nope/kick/${identity}`)).json()).toEqual({ statusCode: 404, error: 'Not Found', message: IT.errors.notFound });
    expect((await anna.post(`/api/video-room/${seeded.room('Sala Acme')}/kick/${identity}`)).statusCode).toBe(404);
    expect((await (await anonymousBrowser()).post(`/api/video-room/${roomId}/kick/${identity}`)).statusCode).toBe(401);
  });
});
