import { meSchema } from '@incontra/contracts/api/auth';
import { managedStoresSchema } from '@incontra/contracts/api/store-management';
import { createdWebinarRegistrationSchema, webinarJoinSchema, webinarSchema } from '@incontra/contracts/api/webinars';
import { WEBINAR_LIVE_CLOSE } from '@incontra/contracts/realtime/webinar-live';
import { startClusterApps, type ClusterApps } from './helpers/cluster-apps';
import { START_TIMEOUT_MS, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';
import { LiveClient, webinarLiveUrl } from './helpers/webinar-live-client';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the description is sanitised by sanitize-html (ESM-only parser): see the loader
jest.mock('sanitize-html', () => require('./rich-text-support/load-sanitize-html.cjs').loadSanitizeHtml());

/*
 * A webinar's live session across two API processes on one database and one Redis: a presenter on
 * one and a viewer on the other see each other, the viewer's question reaches the presenter, the
 * viewer counted by both, the same seat opened on the first process replaces the socket on the
 * second, and the end reaches everyone wherever they are connected.
 */

const MINUTE = 60_000;

let cluster: ClusterApps;
const open: LiveClient[] = [];

beforeAll(async () => {
  cluster = await startClusterApps({ env: { ROOM_TOKEN_SECRET: 'webinar-live-cluster-secret-0123456789' }, overrides: { webinarLiveTallyMs: 200 } });
}, START_TIMEOUT_MS);
afterAll(async () => {
  for (const client of open) client.socket.terminate();
  await cluster.close();
});

async function enter(t: TestApp, token: string) {
  const entered = await LiveClient.enter(await webinarLiveUrl(t.app), token);
  open.push(entered.client);
  return entered;
}

it('carries the session between processes: presence, questions, one socket per seat, the end', async () => {
  const { a, b } = cluster;
  const admin = new TestClient(a.app, 'demo.localhost');
  expect((await admin.login()).statusCode).toBe(200);
  const me = meSchema.parse((await admin.get('/api/me')).json());
  const stores = managedStoresSchema.parse((await admin.get('/api/stores')).json());
  const created = await admin.post('/api/webinar', {
    storeId: stores.find((store) => store.name === 'Milano Centro')!.id,
    title: 'Su due processi',
    startsAt: new Date(a.clock.now().getTime() + 10 * MINUTE).toISOString(),
    durationMinutes: 30,
    capacity: 5,
    presenterIds: [me.id],
  });
  expect(created.statusCode).toBe(201);
  const webinar = webinarSchema.parse(created.json());
  expect((await admin.post(`/api/webinar/${webinar.id}`, { status: 'published' })).statusCode).toBe(200);

  const visitor = new TestClient(b.app, 'demo.localhost', '10.79.0.1');
  await visitor.get('/api/me');
  const registered = createdWebinarRegistrationSchema.parse(
    (
      await visitor.post(`/api/webinar/${webinar.id}/reservation`, { firstName: 'Ada', lastName: 'Neri', email: 'ada@example.com', privacyConsent: true })
    ).json(),
  );
  const viewer = webinarJoinSchema.parse(
    (await visitor.get(`/api/webinar-reservation/${registered.registration.id}/join`, { authorization: `Bearer ${registered.token}` })).json(),
  );
  const presenter = webinarJoinSchema.parse((await admin.get(`/api/webinar/${webinar.id}/join`)).json());

  const onA = await enter(a, presenter.token);
  const onB = await enter(b, viewer.token);
  expect(onB.welcome.attendees.map((attendee) => attendee.seat)).toEqual([me.id]);
  expect((await onA.client.next('joined')).attendee.seat).toBe(viewer.seat);
  expect((await onA.client.next('viewers')).count).toBe(1);

  onB.client.send({ type: 'ask', text: 'Si sente bene?' });
  expect((await onA.client.next('question')).question.text).toBe('Si sente bene?');
  onA.client.send({ type: 'mute-chat', muted: true });
  expect((await onB.client.next('chat-muted')).muted).toBe(true);

  // The same registration opened on A: B's socket is replaced, the presenter sees nobody leave.
  const again = await enter(a, viewer.token);
  expect((await onB.client.next('bye')).reason).toBe('replaced');
  expect((await onB.client.closed).code).toBe(WEBINAR_LIVE_CLOSE.replaced);
  expect((await onA.client.drainToEcho()).filter((message) => message.type === 'left')).toEqual([]);

  expect((await admin.post(`/api/webinar/${webinar.id}`, { status: 'live' })).statusCode).toBe(200);
  expect((await again.client.next('status')).status).toBe('live');
  // Ended through B: both sockets on A hear it.
  const adminOnB = new TestClient(b.app, 'demo.localhost');
  for (const [name, value] of admin.cookies) adminOnB.cookies.set(name, value);
  expect((await adminOnB.post(`/api/webinar/${webinar.id}`, { status: 'ended' })).statusCode).toBe(200);
  for (const client of [onA.client, again.client]) {
    expect((await client.next('bye')).reason).toBe('ended');
    expect((await client.closed).code).toBe(WEBINAR_LIVE_CLOSE.ended);
  }
});
