import { LOBBY_RULES } from '@incontra/contracts/api/join-requests';
import { joinRoomResponseSchema, participantIdentitySchema } from '@incontra/contracts/api/video-room';
import { IT } from '@incontra/contracts/messages/it';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { IT_VIDEO_ROOM } from '@incontra/contracts/messages/it-video-room';
import { verifyRoomToken } from '../src/video-room/room-token';
import { startLobbyApp, type LobbyTestApp, type Visitor } from './helpers/lobby-fixtures';
import { SignallingClient, signallingUrl } from './helpers/signalling-client';
import { START_TIMEOUT_MS } from './helpers/test-app';
import type { TestClient } from './helpers/test-client';
import { until } from './helpers/until';

const SECRET = 'lobby-guest-test-secret-0123456789abcdef';

let t: LobbyTestApp;
let demoId: string;
let anna: TestClient;
let url: string;
const open: SignallingClient[] = [];

beforeAll(async () => {
  t = await startLobbyApp({ env: { ROOM_TOKEN_SECRET: SECRET } });
  demoId = t.seeded.demoId;
  anna = await t.staff('admin');
  url = await signallingUrl(t.app);
}, START_TIMEOUT_MS);
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});
afterAll(() => t.close());

/** A visitor of Milano's room `room` whose request Anna approved (unless `approve` is false). */
async function visitorOf(room = 'Sala Consulenza', approve = true): Promise<Visitor> {
  const visitor = await t.visitor();
  await visitor.send(t.seeded.store('Milano Centro'), t.seeded.room(room), 'Giulia Neri');
  if (approve) expect((await anna.post(`/api/video-room/join-request/${visitor.id}/approve`)).statusCode).toBe(200);
  return visitor;
}

function joinAsGuest(visitor: Visitor, roomId: string, body: Record<string, unknown> = {}, token: string | null = visitor.token) {
  const headers: Record<string, string> = token === null ? {} : { authorization: `Bearer ${token}` };
  return visitor.browser.post(`/api/video-room/${roomId}/join`, { joinRequestId: visitor.id, ...body }, headers);
}

describe('POST /api/video-room/{id}/join as a guest', () => {
  it('answers a guest token for the approved request’s room, and the request is joined with that identity', async () => {
    const visitor = await visitorOf();
    const roomId = t.seeded.room('Sala Consulenza');
    t.notifier.take();
    const response = await joinAsGuest(visitor, roomId);
    expect(response.statusCode).toBe(200);
    const answer = joinRoomResponseSchema.parse(response.json());
    expect(answer).toMatchObject({ role: 'guest', displayName: 'Giulia Neri', room: { id: roomId, name: 'Sala Consulenza' } });
    expect(answer.identity).toMatch(/^guest-/);
    expect(participantIdentitySchema.safeParse(answer.identity).success).toBe(true);
    const check = verifyRoomToken(answer.token, SECRET, t.clock.now());
    expect(check.ok && check.claims).toMatchObject({ cid: demoId, rid: roomId, sub: answer.identity, role: 'guest' });
    expect(await t.row(demoId, visitor.id)).toMatchObject({ status: 'joined', guestIdentity: answer.identity });
    expect(t.notifier.take().map((event) => event.visitor.status)).toEqual(['joined']);

    // The token opens the signalling like a staff member's.
    const entered = await SignallingClient.enter(url, answer.token);
    open.push(entered.client);
    expect(entered.welcome.self.identity).toBe(answer.identity);

    // A reload enters again with a new identity, which the request now records.
    const again = joinRoomResponseSchema.parse((await joinAsGuest(visitor, roomId, { displayName: ' Giulia ' })).json());
    expect(again.identity).not.toBe(answer.identity);
    expect(again.displayName).toBe('Giulia');
    expect(await t.row(demoId, visitor.id)).toMatchObject({ status: 'joined', guestIdentity: again.identity });
  });

  it('answers 409 notApproved before approval and 409 requestClosed once the request is over', async () => {
    const roomId = t.seeded.room('Sala Consulenza');
    const waiting = await visitorOf('Sala Consulenza', false);
    expect((await joinAsGuest(waiting, roomId)).json()).toMatchObject({ statusCode: 409, message: IT_LOBBY.errors.notApproved });
    expect((await t.row(demoId, waiting.id)).status).toBe('pending');
    await anna.post(`/api/video-room/join-request/${waiting.id}/busy`, { message: 'Attendi' });
    expect((await joinAsGuest(waiting, roomId)).json()).toMatchObject({ statusCode: 409, message: IT_LOBBY.errors.notApproved });

    await anna.post(`/api/video-room/join-request/${waiting.id}/reject`, { message: 'No' });
    expect((await joinAsGuest(waiting, roomId)).json()).toMatchObject({ statusCode: 409, message: IT_LOBBY.errors.requestClosed });

    const late = await visitorOf();
    t.clock.advance(LOBBY_RULES.approvedJoinWindowMs);
    expect((await joinAsGuest(late, roomId)).json()).toMatchObject({ statusCode: 409, message: IT_LOBBY.errors.requestClosed });
    expect((await t.row(demoId, late.id)).status).toBe('approved');
  });

  it('answers 404 for another room, a wrong token, another visitor’s request or another company; 401 without a token', async () => {
    const visitor = await visitorOf();
    const other = await visitorOf();
    const roomId = t.seeded.room('Sala Consulenza');
    expect((await joinAsGuest(visitor, t.seeded.room('Sala Assistenza'))).json()).toMatchObject({ statusCode: 404, message: IT_LOBBY.errors.requestNotFound });
    expect((await joinAsGuest(visitor, t.seeded.room('Sala Acme'))).statusCode).toBe(404);
    expect((await joinAsGuest(visitor, roomId, {}, 'garbage')).statusCode).toBe(404);
    expect((await joinAsGuest(visitor, roomId, {}, other.token)).statusCode).toBe(404);
    expect((await joinAsGuest(visitor, roomId, { joinRequestId: other.id })).statusCode).toBe(404);
    const acmeHost = await visitor.browser.request(
      'POST',
      `/api/video-room/${roomId}/join`,
      { joinRequestId: visitor.id },
      { host: 'acme.localhost', authorization: `Bearer ${visitor.token}` },
    );
    expect(acmeHost.statusCode).toBe(404);
    expect((await joinAsGuest(visitor, roomId, {}, null)).json()).toMatchObject({ statusCode: 401, message: IT_LOBBY.errors.visitorTokenRequired });
    expect((await t.row(demoId, visitor.id)).status).toBe('approved');
    expect((await t.row(demoId, other.id)).status).toBe('approved');
  });

  it('answers 400 naming the field for a malformed request id or name, 404 for a malformed room id', async () => {
    const visitor = await visitorOf();
    const roomId = t.seeded.room('Sala Consulenza');
    expect((await joinAsGuest(visitor, roomId, { joinRequestId: 'abc' })).json()).toMatchObject({
      statusCode: 400,
      field: 'joinRequestId',
      message: IT_ROOM.joinRequestIdInvalid,
    });
    expect((await joinAsGuest(visitor, roomId, { displayName: '' })).json()).toMatchObject({ statusCode: 400, field: 'displayName' });
    // A malformed room id is not found, like a room the request does not open.
    expect((await joinAsGuest(visitor, 'not-a-room')).json()).toEqual({ statusCode: 404, error: 'Not Found', message: IT.errors.notFound });
    expect((await joinAsGuest(visitor, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await t.row(demoId, visitor.id)).status).toBe('approved');
  });

  it('answers 409 when the room is full, leaving the request approved so the guest can try again', async () => {
    const roomId = t.seeded.room('Sala Assistenza'); // at most 2
    const marco = await t.staff('operatore');
    for (const staff of [anna, marco]) {
      const answer = joinRoomResponseSchema.parse((await staff.post(`/api/video-room/${roomId}/join`)).json());
      open.push((await SignallingClient.enter(url, answer.token)).client);
    }
    const visitor = await visitorOf('Sala Assistenza');
    const full = await joinAsGuest(visitor, roomId);
    expect(full.json()).toMatchObject({ statusCode: 409, message: IT_VIDEO_ROOM.roomFull(2) });
    expect((await t.row(demoId, visitor.id)).status).toBe('approved');
    await open.pop()!.close();
    // The hub frees the place when the close reaches the server, a moment after the client's.
    await until(async () => (await joinAsGuest(visitor, roomId)).statusCode === 200, 'the guest let in once a place is free');
    expect((await t.row(demoId, visitor.id)).status).toBe('joined');
  });
});

describe('the guest leaving', () => {
  it('ends the request when its current guest identity is gone for good, and only then', async () => {
    const visitor = await visitorOf();
    const roomId = t.seeded.room('Sala Consulenza');
    const first = joinRoomResponseSchema.parse((await joinAsGuest(visitor, roomId)).json());
    const second = joinRoomResponseSchema.parse((await joinAsGuest(visitor, roomId)).json());
    const service = t.service();
    t.notifier.take();
    // The identity of the page before the reload, a staff identity, an unknown guest: nothing.
    await service.guestGone(demoId, first.identity);
    await service.guestGone(demoId, 'staff-00000000-0000-4000-8000-000000000000');
    await service.guestGone(t.seeded.acmeId, second.identity);
    expect((await t.row(demoId, visitor.id)).status).toBe('joined');
    expect(t.notifier.take()).toEqual([]);

    await service.guestGone(demoId, second.identity);
    expect((await t.row(demoId, visitor.id)).status).toBe('ended');
    expect(t.notifier.take().map((event) => [event.visitor.status, event.request.status])).toEqual([['ended', 'ended']]);
    expect((await joinAsGuest(visitor, roomId)).json()).toMatchObject({ statusCode: 409, message: IT_LOBBY.errors.requestClosed });
    await service.guestGone(demoId, second.identity);
    expect(t.notifier.take()).toEqual([]);
  });
});
