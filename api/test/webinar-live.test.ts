import { createdWebinarRegistrationSchema, webinarJoinSchema, webinarSchema, type Webinar, type WebinarBody } from '@incontra/contracts/api/webinars';
import { WEBINAR_LIVE, WEBINAR_LIVE_CLOSE } from '@incontra/contracts/realtime/webinar-live';
import { signWebinarToken } from '../src/webinars/join-token';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';
import { TestClient } from './helpers/test-client';
import { until } from './helpers/until';
import { LiveClient, webinarLiveUrl, type LiveMessageOf } from './helpers/webinar-live-client';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the description is sanitised by sanitize-html (ESM-only parser): see the loader
jest.mock('sanitize-html', () => require('./rich-text-support/load-sanitize-html.cjs').loadSanitizeHtml());

/*
 * The webinars' live socket through the real app on a real port: the credentials of the joins
 * let presenters and viewers in (and nobody else), the waiting screen learns of the start and
 * everyone of the end, questions with votes, raised hands and the invitation to speak, the chat
 * and its mute, a viewer's removal, one socket per seat, the viewer count, and the built-in
 * mesh's signalling with what a viewer may and may not send, all refused at the server.
 */

const MINUTE = 60_000;

let t: LobbyTestApp;
let admin: TestClient;
let adminId: string;
let milano: string;
let url: string;
const open: LiveClient[] = [];

beforeAll(async () => {
  t = await startLobbyApp({ rateLimits: { bookingsPerMinute: 100_000, manageCallsPerMinute: 100_000 }, overrides: { webinarLiveTallyMs: 200 } });
  milano = t.seeded.store('Milano Centro');
  adminId = await t.userId(t.seeded.demoId, 'admin');
  admin = await t.staff('admin');
  url = await webinarLiveUrl(t.app);
}, START_TIMEOUT_MS);
afterEach(() => {
  for (const client of open.splice(0)) client.socket.terminate();
});
afterAll(() => t.close());

/** A published webinar starting in ten minutes: its join is open now. */
async function joinableWebinar(changes: Partial<WebinarBody> = {}): Promise<Webinar> {
  const created = await admin.post('/api/webinar', {
    storeId: milano,
    title: 'Novità di primavera',
    startsAt: new Date(t.clock.now().getTime() + 10 * MINUTE).toISOString(),
    durationMinutes: 60,
    capacity: 10,
    presenterIds: [adminId],
    ...changes,
  });
  expect(created.statusCode).toBe(201);
  const id = webinarSchema.parse(created.json()).id;
  expect((await admin.post(`/api/webinar/${id}`, { status: 'published' })).statusCode).toBe(200);
  return webinarSchema.parse((await admin.get(`/api/webinar/${id}`)).json());
}

let nextVisitor = 0;
async function visitor(): Promise<TestClient> {
  nextVisitor += 1;
  const browser = new TestClient(t.app, 'demo.localhost', `10.78.${Math.floor(nextVisitor / 250)}.${nextVisitor % 250}`);
  await browser.get('/api/me');
  return browser;
}

/** A registrant's viewer credential: registered, then joined through the personal link. */
async function viewerToken(webinarId: string, name: string): Promise<{ token: string; seat: string; registration: { id: string; token: string } }> {
  const browser = await visitor();
  const registered = await browser.post(`/api/webinar/${webinarId}/reservation`, {
    firstName: name,
    lastName: 'Verdi',
    email: `${name.toLowerCase()}@example.com`,
    privacyConsent: true,
  });
  expect(registered.statusCode).toBe(201);
  const { registration, token } = createdWebinarRegistrationSchema.parse(registered.json());
  const joined = await browser.get(`/api/webinar-reservation/${registration.id}/join`, { authorization: `Bearer ${token}` });
  expect(joined.statusCode).toBe(200);
  const credential = webinarJoinSchema.parse(joined.json());
  return { token: credential.token, seat: credential.seat, registration: { id: registration.id, token } };
}

async function presenterToken(webinarId: string): Promise<string> {
  const joined = await admin.get(`/api/webinar/${webinarId}/join`);
  expect(joined.statusCode).toBe(200);
  return webinarJoinSchema.parse(joined.json()).token;
}

async function enter(token: string) {
  const entered = await LiveClient.enter(url, token);
  open.push(entered.client);
  return entered;
}

/** A session with its presenter and two viewers in, each past its welcome and the others' arrivals. */
async function session(changes: Partial<WebinarBody> = {}) {
  const webinar = await joinableWebinar(changes);
  const presenter = await enter(await presenterToken(webinar.id));
  const anna = await viewerToken(webinar.id, 'Anna');
  const bruno = await viewerToken(webinar.id, 'Bruno');
  const annaIn = await enter(anna.token);
  await presenter.client.next('joined');
  const brunoIn = await enter(bruno.token);
  await presenter.client.next('joined');
  return {
    webinar,
    presenter: presenter.client,
    anna: { ...anna, client: annaIn.client, welcome: annaIn.welcome },
    bruno: { ...bruno, client: brunoIn.client },
  };
}

/** The next question news that satisfies `wanted` (earlier ones, older states, are passed over). */
async function questionWhere(client: LiveClient, wanted: (question: LiveMessageOf<'question'>['question']) => boolean) {
  for (;;) {
    const { question } = await client.next('question');
    if (wanted(question)) return question;
  }
}

const SDP_HEAD = ['v=0', 'o=- 1 2 IN IP4 127.0.0.1', 's=-', 't=0 0'];
const description = (type: 'offer' | 'answer', ...sections: string[][]) => ({
  description: { type, sdp: [...SDP_HEAD, ...sections.flat()].join('\r\n') + '\r\n' },
});
const audio = (direction: string) => ['m=audio 9 UDP/TLS/RTP/SAVPF 111', `a=${direction}`];
const video = (direction: string) => ['m=video 9 UDP/TLS/RTP/SAVPF 96', `a=${direction}`];

describe('entering', () => {
  it('welcomes a presenter and viewers with the session, and shows presenters who comes and goes', async () => {
    const webinar = await joinableWebinar();
    const presenter = await enter(await presenterToken(webinar.id));
    expect(presenter.welcome).toMatchObject({
      self: { seat: adminId, role: 'presenter', name: 'Anna Rossi' },
      status: 'published',
      chatMuted: false,
      viewers: 0,
      attendees: [],
    });

    const anna = await viewerToken(webinar.id, 'Anna');
    const viewer = await enter(anna.token);
    expect(viewer.welcome).toMatchObject({ self: { seat: anna.seat, role: 'viewer', name: 'Anna Verdi' }, status: 'published', speaker: null });
    expect(viewer.welcome.attendees).toEqual([{ seat: adminId, name: 'Anna Rossi', role: 'presenter' }]);
    expect((await presenter.client.next('joined')).attendee).toEqual({ seat: anna.seat, name: 'Anna Verdi', role: 'viewer' });
    expect((await presenter.client.next('viewers')).count).toBe(1);

    viewer.client.send({ type: 'bye' });
    expect((await viewer.client.closed).code).toBe(1000);
    expect((await presenter.client.next('left')).seat).toBe(anna.seat);
    expect((await presenter.client.next('viewers')).count).toBe(0);
  });

  it('refuses a forged or expired credential, a cancelled registration and a webinar not open', async () => {
    const webinar = await joinableWebinar();
    const secret = t.app.config.video.tokenSecret;
    const forged = signWebinarToken(
      { cid: t.seeded.demoId, wid: webinar.id, seat: adminId, role: 'presenter', name: 'X' },
      'not the secret',
      t.clock.now(),
      new Date(t.clock.now().getTime() + MINUTE),
    );
    const expired = signWebinarToken(
      { cid: t.seeded.demoId, wid: webinar.id, seat: adminId, role: 'presenter', name: 'X' },
      secret,
      new Date(0),
      new Date(1000),
    );
    for (const token of [forged, expired, 'junk']) {
      const client = await LiveClient.open(url);
      open.push(client);
      client.send({ type: 'hello', token });
      expect(await client.next('bye')).toEqual({ type: 'bye', reason: 'unauthorized' });
      expect((await client.closed).code).toBe(WEBINAR_LIVE_CLOSE.unauthorized);
    }

    const bruno = await viewerToken(webinar.id, 'Bruno');
    const cancelled = await (
      await visitor()
    ).request('DELETE', `/api/webinar-reservation/${bruno.registration.id}`, undefined, {
      authorization: `Bearer ${bruno.registration.token}`,
    });
    expect(cancelled.statusCode).toBe(200);
    const client = await LiveClient.open(url);
    open.push(client);
    client.send({ type: 'hello', token: bruno.token });
    expect((await client.next('bye')).reason).toBe('unauthorized');

    // A draft: signed correctly, yet nothing to join.
    const draft = await admin.post('/api/webinar', {
      storeId: milano,
      title: 'Bozza',
      startsAt: new Date(t.clock.now().getTime() + 10 * MINUTE).toISOString(),
      durationMinutes: 30,
      capacity: 5,
      presenterIds: [adminId],
    });
    const draftToken = signWebinarToken(
      { cid: t.seeded.demoId, wid: draft.json().id, seat: adminId, role: 'presenter', name: 'X' },
      secret,
      t.clock.now(),
      new Date(t.clock.now().getTime() + MINUTE),
    );
    const early = await LiveClient.open(url);
    open.push(early);
    early.send({ type: 'hello', token: draftToken });
    expect((await early.next('bye')).reason).toBe('unauthorized');
  });

  it('keeps one socket per seat: a second opening replaces the first, and the others see nobody leave', async () => {
    const { presenter, anna } = await session();
    const second = await enter(anna.token);
    expect(await anna.client.next('bye')).toEqual({ type: 'bye', reason: 'replaced' });
    expect((await anna.client.closed).code).toBe(WEBINAR_LIVE_CLOSE.replaced);
    expect(second.welcome.self.seat).toBe(anna.seat);
    const seen = await presenter.drainToEcho();
    expect(seen.filter((message) => message.type === 'left')).toEqual([]);
    // The second socket is the seat's: it still acts.
    second.client.send({ type: 'hand', raised: true });
    expect((await presenter.next('hands')).hands.map((hand) => hand.seat)).toEqual([anna.seat]);
  });
});

describe('the session', () => {
  it('switches the waiting screens when a presenter starts, and puts everyone out at the end', async () => {
    const { webinar, presenter, anna, bruno } = await session();
    expect((await admin.post(`/api/webinar/${webinar.id}`, { status: 'live' })).statusCode).toBe(200);
    for (const client of [presenter, anna.client, bruno.client]) expect((await client.next('status')).status).toBe('live');

    expect((await admin.post(`/api/webinar/${webinar.id}`, { status: 'ended' })).statusCode).toBe(200);
    for (const client of [presenter, anna.client, bruno.client]) {
      expect((await client.next('status')).status).toBe('ended');
      expect((await client.next('bye')).reason).toBe('ended');
      expect((await client.closed).code).toBe(WEBINAR_LIVE_CLOSE.ended);
    }
    const late = await LiveClient.open(url);
    open.push(late);
    late.send({ type: 'hello', token: anna.token });
    expect((await late.next('bye')).reason).toBe('ended');
  });

  it('lets viewers ask and upvote (a vote counts once), and presenters answer and hide, hidden from viewers only', async () => {
    const { presenter, anna, bruno } = await session();
    anna.client.send({ type: 'ask', text: '  Quando arrivano i nuovi modelli?  ' });
    const asked = (await presenter.next('question')).question;
    expect(asked).toMatchObject({ text: 'Quando arrivano i nuovi modelli?', author: 'Anna Verdi', votes: 0, status: 'open' });
    await anna.client.next('question');
    await bruno.client.next('question');

    bruno.client.send({ type: 'vote', question: asked.id, up: true });
    expect((await anna.client.next('question')).question.votes).toBe(1);
    bruno.client.send({ type: 'vote', question: asked.id, up: true });
    expect((await anna.client.next('question')).question.votes).toBe(1);

    // Roles are the server's: a viewer cannot answer, a presenter cannot ask or vote.
    anna.client.send({ type: 'question', question: asked.id, status: 'answered' });
    expect((await anna.client.next('bad')).reason).toBe('forbidden');
    presenter.send({ type: 'ask', text: 'Una domanda mia' });
    expect((await presenter.next('bad')).reason).toBe('forbidden');

    presenter.send({ type: 'question', question: asked.id, status: 'answered' });
    expect(await questionWhere(bruno.client, (question) => question.status !== 'open')).toMatchObject({ id: asked.id, status: 'answered', votes: 1 });
    presenter.send({ type: 'question', question: asked.id, status: 'hidden' });
    expect(await bruno.client.next('question-gone')).toEqual({ type: 'question-gone', id: asked.id });
    expect((await questionWhere(presenter, (question) => question.status === 'hidden')).votes).toBe(1);
    // A hidden question takes no votes; a newcomer's welcome leaves it out, a presenter's keeps it.
    anna.client.send({ type: 'vote', question: asked.id, up: true });
    expect((await anna.client.next('bad')).reason).toBe('not-found');
    const reopened = await enter(bruno.token);
    expect(reopened.welcome.questions).toEqual([]);
    expect(reopened.welcome.voted).toEqual([asked.id]);
  });

  it('orders the questions by votes in the welcome', async () => {
    const { webinar, anna, bruno } = await session();
    anna.client.send({ type: 'ask', text: 'Prima domanda' });
    const first = (await anna.client.next('question')).question;
    anna.client.send({ type: 'ask', text: 'Seconda domanda' });
    const second = (await anna.client.next('question')).question;
    bruno.client.send({ type: 'vote', question: second.id, up: true });
    await anna.client.next('question');
    const presenter = await enter(await presenterToken(webinar.id));
    expect(presenter.welcome.questions.map((question) => question.id)).toEqual([second.id, first.id]);
  });

  it('queues raised hands for presenters, invites one to speak, and lets it or a presenter end the turn', async () => {
    const { presenter, anna, bruno } = await session();
    bruno.client.send({ type: 'hand', raised: true });
    expect((await presenter.next('hands')).hands.map((hand) => hand.name)).toEqual(['Bruno Verdi']);
    expect((await bruno.client.next('hands')).hands.map((hand) => hand.seat)).toEqual([bruno.seat]);
    // Anna sees no one else's hand.
    expect((await anna.client.next('hands')).hands).toEqual([]);
    t.clock.advance(1000);
    anna.client.send({ type: 'hand', raised: true });
    expect((await presenter.next('hands')).hands.map((hand) => hand.name)).toEqual(['Bruno Verdi', 'Anna Verdi']);

    anna.client.send({ type: 'invite', seat: bruno.seat });
    expect((await anna.client.next('bad')).reason).toBe('forbidden');
    presenter.send({ type: 'invite', seat: bruno.seat });
    expect((await anna.client.next('speaker')).speaker).toEqual({ seat: bruno.seat, name: 'Bruno Verdi', role: 'viewer' });
    expect((await presenter.next('speaker')).speaker?.seat).toBe(bruno.seat);
    expect((await presenter.next('hands')).hands.map((hand) => hand.name)).toEqual(['Anna Verdi']);
    // Only the speaker or a presenter ends the turn.
    anna.client.send({ type: 'stop-speaking' });
    expect((await anna.client.next('bad')).reason).toBe('forbidden');
    bruno.client.send({ type: 'stop-speaking' });
    expect((await presenter.next('speaker')).speaker).toBeNull();
    // A hand that is not raised cannot be invited.
    presenter.send({ type: 'invite', seat: bruno.seat });
    expect((await presenter.next('bad')).reason).toBe('not-found');
  });

  it('carries the chat to everyone until a presenter mutes it (presenters still speak)', async () => {
    const { presenter, anna, bruno } = await session();
    anna.client.send({ type: 'chat', text: 'Buonasera a tutti' });
    expect(await bruno.client.next('chat')).toMatchObject({ from: { seat: anna.seat, name: 'Anna Verdi', role: 'viewer' }, text: 'Buonasera a tutti' });
    anna.client.send({ type: 'mute-chat', muted: true });
    expect((await anna.client.next('bad')).reason).toBe('forbidden');
    presenter.send({ type: 'mute-chat', muted: true });
    expect((await anna.client.next('chat-muted')).muted).toBe(true);
    anna.client.send({ type: 'chat', text: 'Ancora io' });
    expect((await anna.client.next('bad')).reason).toBe('chat-muted');
    presenter.send({ type: 'chat', text: 'Rispondo alle domande alla fine' });
    expect((await bruno.client.next('chat')).text).toBe('Rispondo alle domande alla fine');
    const later = await enter(bruno.token);
    expect(later.welcome.chatMuted).toBe(true);
    // Bounded: an empty or overlong message is refused, the socket kept.
    later.client.send({ type: 'chat', text: 'x'.repeat(WEBINAR_LIVE.chatMax + 1) });
    expect((await later.client.next('bad')).reason).toBe('malformed');
  });

  it('lets a presenter remove a viewer, who cannot come back', async () => {
    const { webinar, presenter, anna, bruno } = await session();
    anna.client.send({ type: 'remove', seat: bruno.seat });
    expect((await anna.client.next('bad')).reason).toBe('forbidden');
    presenter.send({ type: 'remove', seat: bruno.seat });
    expect(await bruno.client.next('bye')).toEqual({ type: 'bye', reason: 'removed' });
    expect((await bruno.client.closed).code).toBe(WEBINAR_LIVE_CLOSE.removed);
    expect((await presenter.next('left')).seat).toBe(bruno.seat);
    await until(async () => (await presenter.drainToEcho()).some((message) => message.type === 'viewers' && message.count === 1), 'one viewer counted');

    const again = await LiveClient.open(url);
    open.push(again);
    again.send({ type: 'hello', token: bruno.token });
    expect((await again.next('bye')).reason).toBe('removed');
    // A presenter's own seat is not a viewer's: nothing to remove.
    presenter.send({ type: 'remove', seat: adminId });
    expect((await presenter.next('bad')).reason).toBe('not-found');
    expect(webinar.engine).toBe('local');
  });
});

describe('the mesh signalling', () => {
  it('relays a presenter and a viewer both ways, and never one viewer to another', async () => {
    const { presenter, anna, bruno } = await session();
    presenter.send({ type: 'signal', to: anna.seat, data: description('offer', audio('sendonly'), video('sendonly')) });
    expect((await anna.client.next('signal')).from).toBe(adminId);
    anna.client.send({ type: 'signal', to: adminId, data: description('answer', audio('recvonly'), video('recvonly')) });
    expect((await presenter.next('signal')).from).toBe(anna.seat);
    anna.client.send({ type: 'signal', to: adminId, data: { candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0' } } });
    expect((await presenter.next('signal')).data).toHaveProperty('candidate');

    anna.client.send({ type: 'signal', to: bruno.seat, data: description('offer', audio('recvonly')) });
    expect((await bruno.client.drainToEcho()).filter((message) => message.type === 'signal')).toEqual([]);
    // Twilio's report of a participant means nothing on the mesh.
    anna.client.send({ type: 'media-joined', participant: `PA${'a'.repeat(32)}` });
    expect((await anna.client.next('bad')).reason).toBe('forbidden');
  });

  it('refuses a viewer that would send video, or audio without being invited to speak', async () => {
    const { presenter, anna } = await session();
    anna.client.send({ type: 'signal', to: adminId, data: description('answer', audio('recvonly'), video('sendrecv')) });
    expect((await anna.client.next('bad')).reason).toBe('forbidden');
    anna.client.send({ type: 'signal', to: adminId, data: description('offer', audio('sendonly')) });
    expect((await anna.client.next('bad')).reason).toBe('forbidden');
    expect((await presenter.drainToEcho()).filter((message) => message.type === 'signal')).toEqual([]);

    anna.client.send({ type: 'hand', raised: true });
    await presenter.next('hands');
    presenter.send({ type: 'invite', seat: anna.seat });
    await anna.client.next('speaker');
    anna.client.send({ type: 'signal', to: adminId, data: description('offer', audio('sendonly')) });
    expect((await presenter.next('signal')).from).toBe(anna.seat);
    // Even the speaker sends no video.
    anna.client.send({ type: 'signal', to: adminId, data: description('offer', audio('sendonly'), video('sendonly')) });
    expect((await anna.client.next('bad')).reason).toBe('forbidden');
  });
});
