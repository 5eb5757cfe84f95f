import { joinRoomResponseSchema, type JoinRoomResponse } from '@incontra/contracts/api/video-room';
import { IT_VIDEO_ROOM } from '@incontra/contracts/messages/it-video-room';
import { SIGNALLING } from '@incontra/contracts/realtime/signalling';
import { startLobbyApp, type LobbyTestApp, type Visitor } from './helpers/lobby-fixtures';
import { SignallingClient, signallingUrl } from './helpers/signalling-client';
import { START_TIMEOUT_MS } from './helpers/test-app';
import type { TestClient } from './helpers/test-client';
import { until } from './helpers/until';

// Sala Assistenza (Milano Centro) holds 2 people. The grace is the contract's 30 s (other suites
// shorten it to 0): nothing here waits for it, so a seat found free was freed by a goodbye or
// given to a guest, never by time.
const ROOM = 'Sala Assistenza';
const STORE = 'Milano Centro';

let t: LobbyTestApp;
let url: string;
let roomId: string;
let anna: TestClient;
let marco: TestClient;
const open: SignallingClient[] = [];

beforeAll(async () => {
  t = await startLobbyApp({
    env: { ROOM_TOKEN_SECRET: 'held-seats-test-secret-0123456789abcdef' },
    overrides: { signallingGraceMs: SIGNALLING.reconnectGraceMs },
  });
  url = await signallingUrl(t.app);
  roomId = t.seeded.room(ROOM);
  anna = await t.staff('admin');
  marco = await t.staff('operatore');
}, START_TIMEOUT_MS);
// Goodbyes, not bare closes: a bare close would keep its seat into the next test.
afterEach(async () => {
  await Promise.all(
    open.splice(0).map((client) => {
      if (client.socket.readyState === client.socket.OPEN) client.send({ type: 'bye' });
      return client.close();
    }),
  );
});
afterAll(() => t.close());

async function staffJoin(browser: TestClient) {
  return browser.post(`/api/video-room/${roomId}/join`);
}

async function enter(token: string) {
  const entered = await SignallingClient.enter(url, token);
  open.push(entered.client);
  return entered;
}

/** A visitor of the room whose request Anna approved. */
async function approvedVisitor(): Promise<Visitor> {
  const visitor = await t.visitor();
  await visitor.send(t.seeded.store(STORE), roomId);
  const approved = await anna.post(`/api/video-room/join-request/${visitor.id}/approve`);
  expect(approved.statusCode).toBe(200);
  return visitor;
}

function guestJoin(visitor: Visitor) {
  return visitor.browser.post(`/api/video-room/${roomId}/join`, { joinRequestId: visitor.id }, { authorization: `Bearer ${visitor.token}` });
}

/**
 * The guest's join, asked again while refused: the server learns of a lost socket only when its
 * close arrives, and until then the first guest is still connected (a refusal changes nothing).
 */
async function guestJoinOnceSeated(visitor: Visitor) {
  let response = await guestJoin(visitor);
  await until(async () => {
    if (response.statusCode !== 200) response = await guestJoin(visitor);
    return response.statusCode === 200;
  }, 'the approved guest let into the room');
  return response;
}

function answerOf(response: { json(): unknown }): JoinRoomResponse {
  return joinRoomResponseSchema.parse(response.json());
}

describe('a goodbye frees the seat at once', () => {
  it('lets the next person in without waiting for the grace', async () => {
    const { client: a } = await enter(answerOf(await staffJoin(anna)).token);
    const marcoJoin = answerOf(await staffJoin(marco));
    const { client: m } = await enter(marcoJoin.token);
    await a.next('peer-joined');
    expect((await staffJoin(anna)).statusCode).toBe(409);

    m.send({ type: 'bye' });
    expect(await a.next('peer-left')).toEqual({ type: 'peer-left', identity: marcoJoin.identity, reason: 'left' });
    expect((await staffJoin(marco)).statusCode).toBe(200);
  });
});

describe('an approved guest and the seats kept for lost sockets', () => {
  it('enters a room full only because of a lost socket: the guest takes that seat, its owner is gone for good', async () => {
    const annaJoin = answerOf(await staffJoin(anna));
    const { client: a } = await enter(annaJoin.token);
    const first = await approvedVisitor();
    const firstJoin = answerOf(await guestJoin(first));
    const { client: firstSocket } = await enter(firstJoin.token);
    expect(await a.next('peer-joined')).toMatchObject({ peer: { identity: firstJoin.identity, role: 'guest' } });

    // The first guest's browser vanishes without a goodbye: its seat is kept for its comeback.
    firstSocket.socket.terminate();
    await firstSocket.closed;

    const second = await approvedVisitor();
    const secondJoin = answerOf(await guestJoinOnceSeated(second));
    expect(await t.row(t.seeded.demoId, second.id)).toMatchObject({ status: 'joined', guestIdentity: secondJoin.identity });

    const { welcome } = await enter(secondJoin.token);
    expect(welcome.peers.map((peer) => peer.identity)).toEqual([annaJoin.identity]);
    expect(await a.next('peer-left')).toEqual({ type: 'peer-left', identity: firstJoin.identity, reason: 'lost' });
    expect(await a.next('peer-joined')).toMatchObject({ peer: { identity: secondJoin.identity } });
    // The first guest's call is over (its request ended), and its comeback finds the room full.
    await until(async () => (await t.row(t.seeded.demoId, first.id)).status === 'ended', 'the first guest’s request ended');
    const late = await SignallingClient.open(url);
    open.push(late);
    late.send({ type: 'hello', token: firstJoin.token });
    expect(await late.next('bye')).toEqual({ type: 'bye', reason: 'room-full' });
  });

  it('still finds a room full of connected people full, and the approval stays usable', async () => {
    await enter(answerOf(await staffJoin(anna)).token);
    await enter(answerOf(await staffJoin(marco)).token);
    const visitor = await approvedVisitor();

    const refused = await guestJoin(visitor);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: IT_VIDEO_ROOM.roomFull(2) });
    expect(await t.row(t.seeded.demoId, visitor.id)).toMatchObject({ status: 'approved', guestIdentity: null });
  });
});
