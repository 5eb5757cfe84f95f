import { createdWebinarRegistrationSchema, WEBINAR_ENGINE_CAPACITY, webinarJoinSchema, webinarSchema, type Webinar } from '@incontra/contracts/api/webinars';
import { IT_WEBINARS } from '@incontra/contracts/messages/it-webinars';
import { FakeTwilioVideo } from './helpers/fake-twilio-video';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';
import { TestClient } from './helpers/test-client';
import { TWILIO_TEST_KEYS } from './helpers/twilio-keys';
import { until } from './helpers/until';
import { LiveClient, webinarLiveUrl } from './helpers/webinar-live-client';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the description is sanitised by sanitize-html (ESM-only parser): see the loader
jest.mock('sanitize-html', () => require('./rich-text-support/load-sanitize-html.cjs').loadSanitizeHtml());

/*
 * Webinars on Twilio group rooms (VIDEO_PROVIDER=twilio), through the real app with Twilio's REST
 * API answered in memory (helpers/fake-twilio-video.ts: nothing leaves the process). The join opens
 * the webinar's group room (50 participants) and hands out an access token for it under the seat's
 * identity; a browser in the room reports its participant on the live socket and gets, by the
 * API's subscribe rules, the presenters only — so what a viewer publishes reaches nobody; the
 * speaking turn adds the speaker's voice for everyone and takes it away; a removal disconnects the
 * viewer at Twilio; the end completes the room; Twilio down answers 503.
 */

const MINUTE = 60_000;

let t: LobbyTestApp;
let twilio: FakeTwilioVideo;
let admin: TestClient;
let adminId: string;
let milano: string;
let url: string;
const open: LiveClient[] = [];

beforeAll(async () => {
  twilio = new FakeTwilioVideo();
  t = await startLobbyApp({
    env: { VIDEO_PROVIDER: 'twilio', ...TWILIO_TEST_KEYS },
    rateLimits: { bookingsPerMinute: 100_000, manageCallsPerMinute: 100_000 },
    overrides: { twilioHttpClient: twilio.client, webinarLiveTallyMs: 200 },
  });
  milano = t.seeded.store('Milano Centro');
  adminId = await t.userId(t.seeded.demoId, 'admin');
  admin = await t.staff('admin');
  url = await webinarLiveUrl(t.app);
}, START_TIMEOUT_MS);
afterEach(() => {
  twilio.failing = false;
  for (const client of open.splice(0)) client.socket.terminate();
});
afterAll(() => t.close());

async function joinableWebinar(): Promise<Webinar> {
  const created = await admin.post('/api/webinar', {
    storeId: milano,
    title: 'Montature in diretta',
    startsAt: new Date(t.clock.now().getTime() + 10 * MINUTE).toISOString(),
    durationMinutes: 60,
    capacity: WEBINAR_ENGINE_CAPACITY.twilio,
    presenterIds: [adminId],
  });
  expect(created.statusCode).toBe(201);
  const id = webinarSchema.parse(created.json()).id;
  expect((await admin.post(`/api/webinar/${id}`, { status: 'published' })).statusCode).toBe(200);
  return webinarSchema.parse((await admin.get(`/api/webinar/${id}`)).json());
}

let visitors = 0;
async function viewerJoin(webinarId: string, name: string) {
  visitors += 1;
  const browser = new TestClient(t.app, 'demo.localhost', `10.79.0.${visitors}`);
  // The CSRF cookie, as a browser has it from its first page.
  await browser.get('/api/me');
  const registered = await browser.post(`/api/webinar/${webinarId}/reservation`, {
    firstName: name,
    lastName: 'Neri',
    email: `${name.toLowerCase()}.${visitors}@example.com`,
    privacyConsent: true,
  });
  expect(registered.statusCode).toBe(201);
  const { registration, token } = createdWebinarRegistrationSchema.parse(registered.json());
  return browser.get(`/api/webinar-reservation/${registration.id}/join`, { authorization: `Bearer ${token}` });
}

const jwtPayload = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { grants: { identity: string; video: { room: string } } };

async function enter(token: string) {
  const entered = await LiveClient.enter(url, token);
  open.push(entered.client);
  return entered.client;
}

/** A session: the presenter and two viewers in the live session and in the Twilio room, each admitted. */
async function session() {
  const webinar = await joinableWebinar();
  const presenterJoin = webinarJoinSchema.parse((await admin.get(`/api/webinar/${webinar.id}/join`)).json());
  const room = presenterJoin.twilio!.room;
  const presenter = { join: presenterJoin, client: await enter(presenterJoin.token), sid: twilio.connect(room, presenterJoin.seat) };
  const viewers = [];
  for (const name of ['Carla', 'Dario']) {
    const join = webinarJoinSchema.parse((await viewerJoin(webinar.id, name)).json());
    viewers.push({ join, client: await enter(join.token), sid: twilio.connect(room, join.seat) });
  }
  for (const participant of [presenter, ...viewers]) {
    participant.client.send({ type: 'media-joined', participant: participant.sid });
    await until(() => twilio.rulesOf(room, participant.sid) !== undefined, 'the participant admitted');
  }
  const [carla, dario] = viewers as [(typeof viewers)[0], (typeof viewers)[0]];
  return { webinar, room, presenter, carla, dario };
}

describe('webinars on Twilio group rooms', () => {
  it("opens the webinar's group room and hands each seat a token for it under its own identity", async () => {
    const webinar = await joinableWebinar();
    expect(webinar.engine).toBe('twilio');
    const answer = await admin.get(`/api/webinar/${webinar.id}/join`);
    expect(answer.statusCode).toBe(200);
    const presenter = webinarJoinSchema.parse(answer.json());
    expect(presenter).toMatchObject({ engine: 'twilio', role: 'presenter', seat: adminId, janus: null, iceServers: [] });
    const room = `webinar-${webinar.id}`;
    expect(presenter.twilio?.room).toBe(room);
    expect(jwtPayload(presenter.twilio!.token).grants).toMatchObject({ identity: adminId, video: { room } });
    expect(twilio.calls).toContainEqual(
      expect.objectContaining({ method: 'post', path: '/Rooms', data: expect.objectContaining({ UniqueName: room, Type: 'group', MaxParticipants: 50 }) }),
    );

    // The room in progress already: the viewer's join is the same room, its own identity.
    const viewer = webinarJoinSchema.parse((await viewerJoin(webinar.id, 'Elena')).json());
    expect(viewer.twilio?.room).toBe(room);
    expect(jwtPayload(viewer.twilio!.token).grants).toMatchObject({ identity: viewer.seat, video: { room } });
  });

  it('admits a participant under its own seat only, and lets it receive the presenters alone', async () => {
    const { room, presenter, carla, dario } = await session();
    const presenters = [{ type: 'include', publisher: adminId }];
    for (const participant of [presenter, carla, dario]) expect(twilio.rulesOf(room, participant.sid)).toEqual(presenters);

    // Another seat's participant, an unknown one, a malformed sid: refused, nothing set.
    const stranger = twilio.connect(room, 'someone-else');
    dario.client.send({ type: 'media-joined', participant: carla.sid });
    expect((await dario.client.next('bad')).reason).toBe('forbidden');
    dario.client.send({ type: 'media-joined', participant: stranger });
    expect((await dario.client.next('bad')).reason).toBe('forbidden');
    dario.client.send({ type: 'media-joined', participant: `PA${'0'.repeat(32)}` });
    expect((await dario.client.next('bad')).reason).toBe('forbidden');
    dario.client.send({ type: 'media-joined', participant: 'RM123' });
    expect((await dario.client.next('bad')).reason).toBe('malformed');
    expect(twilio.rulesOf(room, stranger)).toBeUndefined();
  });

  it("gives everyone the speaker's voice for the turn, and takes it away after", async () => {
    const { room, presenter, carla, dario } = await session();
    dario.client.send({ type: 'hand', raised: true });
    await presenter.client.next('hands');
    presenter.client.send({ type: 'invite', seat: dario.join.seat });
    // The rules are set in the invitation's transaction: before anyone hears of the speaker.
    expect((await carla.client.next('speaker')).speaker?.seat).toBe(dario.join.seat);
    const withVoice = [
      { type: 'include', publisher: adminId },
      { type: 'include', publisher: dario.join.seat, kind: 'audio' },
    ];
    for (const participant of [presenter, carla, dario]) expect(twilio.rulesOf(room, participant.sid)).toEqual(withVoice);
    // No grant to publish with: on Twilio what counts is who receives.
    expect((await dario.client.drainToEcho()).some((message) => message.type === 'voice-grant')).toBe(false);

    presenter.client.send({ type: 'stop-speaking' });
    expect((await carla.client.next('speaker')).speaker).toBeNull();
    for (const participant of [presenter, carla, dario]) expect(twilio.rulesOf(room, participant.sid)).toEqual([{ type: 'include', publisher: adminId }]);
  });

  it('disconnects a removed viewer at Twilio, and the end completes the room', async () => {
    const { webinar, room, presenter, carla, dario } = await session();
    presenter.client.send({ type: 'remove', seat: dario.join.seat });
    expect((await dario.client.next('bye')).reason).toBe('removed');
    expect(twilio.rooms.get(room)?.participants.get(dario.sid)?.status).toBe('disconnected');
    expect(twilio.rooms.get(room)?.participants.get(carla.sid)?.status).toBe('connected');

    expect((await admin.post(`/api/webinar/${webinar.id}`, { status: 'live' })).statusCode).toBe(200);
    expect((await admin.post(`/api/webinar/${webinar.id}`, { status: 'ended' })).statusCode).toBe(200);
    expect((await carla.client.next('bye')).reason).toBe('ended');
    expect(twilio.rooms.get(room)?.status).toBe('completed');
  });

  it('answers 503 when Twilio does not, and hands out no credential', async () => {
    const webinar = await joinableWebinar();
    twilio.failing = true;
    const answer = await admin.get(`/api/webinar/${webinar.id}/join`);
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ message: IT_WEBINARS.rules.mediaUnavailable });
  });
});
