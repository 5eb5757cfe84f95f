import { createdWebinarRegistrationSchema, webinarJoinSchema, webinarSchema, type Webinar } from '@incontra/contracts/api/webinars';
import { IT_WEBINARS } from '@incontra/contracts/messages/it-webinars';
import { VideoRoomHandle } from '../src/webinars/janus/janus-client';
import { JanusRooms } from '../src/webinars/janus/janus-rooms';
import { type LocalJanus } from '../src/webinars/janus/local-janus';
import { janusEnv, startTestJanus } from './helpers/janus';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';
import { TestClient } from './helpers/test-client';
import { LiveClient, webinarLiveUrl } from './helpers/webinar-live-client';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the description is sanitised by sanitize-html (ESM-only parser): see the loader
jest.mock('sanitize-html', () => require('./rich-text-support/load-sanitize-html.cjs').loadSanitizeHtml());

/*
 * Webinars on Janus (JANUS_* set): the app creates the webinar's VideoRoom with its own secret and
 * pin when a presenter joins, grants that join a publisher token (accepted by Janus), gives viewers
 * the pin only (Janus refuses their publishing), and destroys the room at the end; a Janus that
 * does not answer is a 503 with the Italian message. The real Janus of Debian's package runs on
 * 127.0.0.1 with the project's configuration; only the control plane is exercised (no
 * PeerConnection, no media), so nothing leaves loopback.
 */

const ADMIN_KEY = 'webinar-admin-key-0123456789';
const ADMIN_SECRET = 'webinar-admin-secret-0123456789';
const MINUTE = 60_000;

let janus: LocalJanus;
let rooms: JanusRooms;
let t: LobbyTestApp;
let admin: TestClient;
let adminId: string;

beforeAll(async () => {
  janus = await startTestJanus({ adminKey: ADMIN_KEY, adminSecret: ADMIN_SECRET }, '40200-40300');
  rooms = new JanusRooms({ url: janus.url, adminUrl: janus.adminUrl, adminKey: ADMIN_KEY, adminSecret: ADMIN_SECRET });
  t = await startLobbyApp({
    env: janusEnv(janus, { adminKey: ADMIN_KEY, adminSecret: ADMIN_SECRET }),
    rateLimits: { bookingsPerMinute: 100_000, manageCallsPerMinute: 100_000 },
  });
  admin = await t.staff('admin');
  adminId = await t.userId(t.seeded.demoId, 'admin');
}, START_TIMEOUT_MS);
afterAll(async () => {
  await t?.close();
  await janus?.stop();
});

async function publishedWebinar(capacity: number): Promise<Webinar> {
  const created = await admin.post('/api/webinar', {
    storeId: t.seeded.store('Milano Centro'),
    title: 'Sul SFU',
    startsAt: new Date(t.clock.now().getTime() + 60 * MINUTE).toISOString(),
    durationMinutes: 30,
    capacity,
    presenterIds: [adminId],
  });
  expect(created.statusCode).toBe(201);
  const webinar = webinarSchema.parse(created.json());
  expect((await admin.post(`/api/webinar/${webinar.id}`, { status: 'published' })).statusCode).toBe(200);
  return webinar;
}

it('seats what Janus can (the mesh cap does not apply) and names the engine', async () => {
  const webinar = await publishedWebinar(200);
  expect(webinar).toMatchObject({ engine: 'janus', capacity: 200 });
});

it('opens the room at a presenter’s join, accepts that join’s token, refuses a viewer’s publishing, and destroys the room at the end', async () => {
  const webinar = await publishedWebinar(50);
  const visitor = new TestClient(t.app, 'demo.localhost', '10.88.0.1');
  await visitor.get('/api/me');
  const registration = createdWebinarRegistrationSchema.parse(
    (await visitor.post(`/api/webinar/${webinar.id}/reservation`, { firstName: 'Lia', lastName: 'Bo', email: 'lia@example.com', privacyConsent: true })).json(),
  );
  expect(await rooms.exists(webinar.id)).toBe(false);

  t.clock.advance(50 * MINUTE);
  admin = await t.staff('admin');
  const presenter = webinarJoinSchema.parse((await admin.get(`/api/webinar/${webinar.id}/join`)).json());
  expect(presenter).toMatchObject({
    engine: 'janus',
    role: 'presenter',
    janus: { url: janus.url, room: webinar.id, pin: expect.any(String), token: expect.any(String) },
  });
  expect(await rooms.exists(webinar.id)).toBe(true);
  const viewer = webinarJoinSchema.parse(
    (await visitor.get(`/api/webinar-reservation/${registration.registration.id}/join`, { authorization: `Bearer ${registration.token}` })).json(),
  );
  expect(viewer.janus).toEqual({
    url: janus.url,
    room: webinar.id,
    pin: presenter.janus!.pin,
    token: null,
    opaqueId: `incontra-webinar:${webinar.id}:${registration.registration.id}`,
  });
  // Neither answer carries the room's secret.
  expect(JSON.stringify([presenter, viewer])).not.toMatch(/secret/i);

  // Janus itself: the presenter's token joins as a publisher; the viewer's pin alone does not.
  const presenterHandle = await VideoRoomHandle.open(janus.url);
  const viewerHandle = await VideoRoomHandle.open(janus.url);
  try {
    const joined = await presenterHandle.ask({
      request: 'join',
      ptype: 'publisher',
      room: webinar.id,
      pin: presenter.janus!.pin,
      token: presenter.janus!.token,
      display: 'Anna',
    });
    expect(joined.videoroom).toBe('joined');
    await expect(viewerHandle.ask({ request: 'join', ptype: 'publisher', room: webinar.id, pin: viewer.janus!.pin, display: 'Lia' })).rejects.toMatchObject({
      code: expect.any(Number),
    });
    await expect(
      viewerHandle.ask({ request: 'join', ptype: 'publisher', room: webinar.id, pin: viewer.janus!.pin, token: 'made-up', display: 'Lia' }),
    ).rejects.toMatchObject({
      code: expect.any(Number),
    });
  } finally {
    await presenterHandle.close();
    await viewerHandle.close();
  }

  expect((await admin.post(`/api/webinar/${webinar.id}`, { status: 'live' })).json()).toMatchObject({ status: 'live' });
  expect((await admin.post(`/api/webinar/${webinar.id}`, { status: 'ended' })).json()).toMatchObject({ status: 'ended' });
  expect(await rooms.exists(webinar.id)).toBe(false);
});

it('removes a viewer at Janus too: its labelled session ended, the pin changed, its join refused', async () => {
  const webinar = await publishedWebinar(10);
  const visitor = new TestClient(t.app, 'demo.localhost', '10.88.0.2');
  await visitor.get('/api/me');
  const registration = createdWebinarRegistrationSchema.parse(
    (await visitor.post(`/api/webinar/${webinar.id}/reservation`, { firstName: 'Ugo', lastName: 'Re', email: 'ugo@example.com', privacyConsent: true })).json(),
  );
  t.clock.advance(50 * MINUTE);
  admin = await t.staff('admin');
  const presenterAnswer = await admin.get(`/api/webinar/${webinar.id}/join`);
  expect(presenterAnswer.statusCode).toBe(200);
  const presenter = webinarJoinSchema.parse(presenterAnswer.json());
  const viewerJoin = `/api/webinar-reservation/${registration.registration.id}/join`;
  const bearer = { authorization: `Bearer ${registration.token}` };
  const viewer = webinarJoinSchema.parse((await visitor.get(viewerJoin, bearer)).json());

  // The viewer's browser at Janus, its handle labelled as the credential says; another session beside it.
  const viewerHandle = await VideoRoomHandle.open(janus.url, { opaqueId: viewer.janus!.opaqueId });
  const bystander = await VideoRoomHandle.open(janus.url, { opaqueId: 'someone-else' });
  const url = await webinarLiveUrl(t.app);
  const { client: presenterSocket } = await LiveClient.enter(url, presenter.token);
  const { client: viewerSocket } = await LiveClient.enter(url, viewer.token);
  try {
    expect(await rooms.sessions()).toContain(viewerHandle.sessionId);
    presenterSocket.send({ type: 'remove', seat: viewer.seat });
    expect((await viewerSocket.next('bye')).reason).toBe('removed');
    expect(await rooms.sessions()).not.toContain(viewerHandle.sessionId);
    expect(await rooms.sessions()).toContain(bystander.sessionId);
    // The old pin opens nothing more; the REST join refuses the removed registration.
    await expect(
      bystander.ask({ request: 'join', ptype: 'subscriber', room: webinar.id, pin: viewer.janus!.pin, streams: [{ feed: 'none' }] }),
    ).rejects.toMatchObject({
      code: 433,
    });
    const refused = await visitor.get(viewerJoin, bearer);
    expect([refused.statusCode, refused.json().message]).toEqual([403, IT_WEBINARS.rules.removed]);
    const presenterAgain = webinarJoinSchema.parse((await admin.get(`/api/webinar/${webinar.id}/join`)).json());
    expect(presenterAgain.janus!.pin).not.toBe(viewer.janus!.pin);
  } finally {
    presenterSocket.socket.terminate();
    viewerSocket.socket.terminate();
    await viewerHandle.close();
    await bystander.close();
  }
});

it('lets the viewer invited to speak publish its voice with the turn’s token, and cuts it at the end of the turn', async () => {
  const webinar = await publishedWebinar(10);
  const visitor = new TestClient(t.app, 'demo.localhost', '10.88.0.3');
  await visitor.get('/api/me');
  const registration = createdWebinarRegistrationSchema.parse(
    (await visitor.post(`/api/webinar/${webinar.id}/reservation`, { firstName: 'Eva', lastName: 'Po', email: 'eva@example.com', privacyConsent: true })).json(),
  );
  t.clock.advance(50 * MINUTE);
  admin = await t.staff('admin');
  const presenter = webinarJoinSchema.parse((await admin.get(`/api/webinar/${webinar.id}/join`)).json());
  const bearer = { authorization: `Bearer ${registration.token}` };
  const viewer = webinarJoinSchema.parse((await visitor.get(`/api/webinar-reservation/${registration.registration.id}/join`, bearer)).json());
  const url = await webinarLiveUrl(t.app);
  const { client: presenterSocket } = await LiveClient.enter(url, presenter.token);
  const { client: viewerSocket } = await LiveClient.enter(url, viewer.token);
  const voiceHandle = await VideoRoomHandle.open(janus.url, { opaqueId: viewer.janus!.opaqueId });
  const joinWith = (token: string) =>
    voiceHandle.ask({ request: 'join', ptype: 'publisher', room: webinar.id, pin: viewer.janus!.pin, token, display: viewer.seat });
  try {
    viewerSocket.send({ type: 'hand', raised: true });
    await presenterSocket.next('hands');
    presenterSocket.send({ type: 'invite', seat: viewer.seat });
    expect((await viewerSocket.next('speaker')).speaker?.seat).toBe(viewer.seat);
    const { token } = await viewerSocket.next('voice-grant');
    // Only the speaker hears of the token (announced before the hands, so it would be queued by now).
    await presenterSocket.next('hands');
    expect((await presenterSocket.drainToEcho()).map((message) => message.type)).not.toContain('voice-grant');
    expect((await joinWith(token)).videoroom).toBe('joined');
    expect((await rooms.participants(webinar.id)).map((participant) => participant.display)).toContain(viewer.seat);

    // Back on a new socket while still speaking: granted again.
    viewerSocket.socket.terminate();
    const { client: again } = await LiveClient.enter(url, viewer.token);
    expect((await again.next('voice-grant')).token).toBe(token);

    presenterSocket.send({ type: 'stop-speaking' });
    expect((await again.next('speaker')).speaker).toBeNull();
    // Its publisher kicked, its token no longer opens the room to publishing.
    expect((await rooms.participants(webinar.id)).map((participant) => participant.display)).not.toContain(viewer.seat);
    const late = await VideoRoomHandle.open(janus.url);
    try {
      await expect(
        late.ask({ request: 'join', ptype: 'publisher', room: webinar.id, pin: viewer.janus!.pin, token, display: viewer.seat }),
      ).rejects.toMatchObject({
        code: expect.any(Number),
      });
    } finally {
      await late.close();
    }
    again.socket.terminate();
  } finally {
    presenterSocket.socket.terminate();
    viewerSocket.socket.terminate();
    await voiceHandle.close();
  }
});

it('answers 503 with the Italian message when Janus does not answer, and nothing of ours changes', async () => {
  const webinar = await publishedWebinar(10);
  t.clock.advance(50 * MINUTE);
  admin = await t.staff('admin');
  await janus.stop();
  const response = await admin.get(`/api/webinar/${webinar.id}/join`);
  expect([response.statusCode, response.json().message]).toEqual([503, IT_WEBINARS.rules.mediaUnavailable]);
  expect(webinarSchema.parse((await admin.get(`/api/webinar/${webinar.id}`)).json()).status).toBe('published');
});
