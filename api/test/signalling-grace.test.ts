import { randomUUID } from 'node:crypto';
import { joinRoomResponseSchema, type JoinRoomResponse } from '@incontra/contracts/api/video-room';
import { signRoomToken } from '../src/video-room/room-token';
import { SignallingClient, signallingUrl } from './helpers/signalling-client';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import type { TestClient } from './helpers/test-client';
import { seededRooms, signedInStaff } from './helpers/video-room-fixtures';

const TTL_SECONDS = 600;
const GRACE_MS = 1500;
const SECRET = 'grace-test-secret-0123456789abcdefgh';

let t: TestApp;
let url: string;
let anna: TestClient;
let marco: TestClient;
let roomId: string;
let companyId: string;
const open: SignallingClient[] = [];

beforeAll(async () => {
  t = await startTestApp({
    env: { ROOM_TOKEN_SECRET: SECRET, ROOM_TOKEN_TTL_SECONDS: String(TTL_SECONDS) },
    rateLimits: { loginPerMinute: 1000 },
    overrides: { signallingGraceMs: GRACE_MS },
  });
  const seeded = await seededRooms(t);
  roomId = seeded.room('Sala Roma');
  companyId = seeded.demoId;
  url = await signallingUrl(t.app);
  anna = await signedInStaff(t, 'admin');
  marco = await signedInStaff(t, 'operatore');
}, START_TIMEOUT_MS);
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});
afterAll(() => t.close());

async function join(browser: TestClient): Promise<JoinRoomResponse> {
  return joinRoomResponseSchema.parse((await browser.post(`/api/video-room/${roomId}/join`)).json());
}

/** A room token of a staff member nobody else is, signed now (the clock moves in these tests). */
function thirdMemberToken(): string {
  const now = Math.floor(t.clock.now().getTime() / 1000);
  return signRoomToken({ cid: companyId, rid: roomId, sub: `staff-${randomUUID()}`, role: 'staff', name: 'Terzo', iat: now, exp: now + TTL_SECONDS }, SECRET);
}

async function enter(token: string) {
  const entered = await SignallingClient.enter(url, token);
  open.push(entered.client);
  return entered;
}

describe('a lost signalling socket keeps its seat for the grace period', () => {
  it('comes back unseen by the others, even with a token that expired meanwhile', async () => {
    const annaJoin = await join(anna);
    const marcoJoin = await join(marco);
    const { client: a } = await enter(annaJoin.token);
    const { client: b } = await enter(marcoJoin.token);
    await a.next('peer-joined');

    b.socket.terminate();
    t.clock.advance((TTL_SECONDS + 1) * 1000);
    const { client: back, welcome } = await enter(marcoJoin.token);
    expect(welcome.self.identity).toBe(marcoJoin.identity);
    expect(welcome.peers.map((peer) => peer.identity)).toEqual([annaJoin.identity]);
    // The marker: a third member lost after Marco came back, whose grace runs out after his would
    // have. Its departure is the first Anna hears of; a departure of Marco's would come before it.
    const { client: third, welcome: thirdWelcome } = await enter(thirdMemberToken());
    expect(await a.next('peer-joined')).toEqual({ type: 'peer-joined', peer: thirdWelcome.self });
    third.socket.terminate();
    expect(await a.next('peer-left', GRACE_MS + 5000)).toEqual({ type: 'peer-left', identity: thirdWelcome.self.identity, reason: 'lost' });
    expect(a.drain()).toEqual([]);

    // Relays reach the resumed socket.
    a.send({ type: 'signal', to: marcoJoin.identity, data: { candidate: null } });
    expect(await back.next('signal')).toEqual({ type: 'signal', from: annaJoin.identity, data: { candidate: null } });
  });

  it('announces the loss once the grace is over, and then an expired token no longer opens the room', async () => {
    const annaJoin = await join(anna);
    const marcoJoin = await join(marco);
    const { client: a } = await enter(annaJoin.token);
    const { client: b } = await enter(marcoJoin.token);
    await a.next('peer-joined');

    b.socket.terminate();
    // The first test's participants may still be leaving the room: wait for Marco's departure.
    let left = await a.next('peer-left');
    while (left.identity !== marcoJoin.identity) left = await a.next('peer-left');
    expect(left).toEqual({ type: 'peer-left', identity: marcoJoin.identity, reason: 'lost' });
    t.clock.advance((TTL_SECONDS + 1) * 1000);
    const late = await SignallingClient.open(url);
    open.push(late);
    late.send({ type: 'hello', token: marcoJoin.token });
    expect(await late.next('bye')).toEqual({ type: 'bye', reason: 'unauthorized' });
    expect((await late.closed).code).toBe(4001);
  });
});
