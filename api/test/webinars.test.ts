import { and, eq } from 'drizzle-orm';
import {
  createdWebinarRegistrationSchema,
  publicWebinarSchema,
  storeWebinarsSchema,
  webinarJoinSchema,
  webinarListSchema,
  webinarRegistrationListSchema,
  webinarRegistrationSchema,
  webinarSchema,
  WEBINAR_ENGINE_CAPACITY,
  type Webinar,
  type WebinarBody,
} from '@incontra/contracts/api/webinars';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_STORES } from '@incontra/contracts/messages/it-stores';
import { IT_WEBINARS } from '@incontra/contracts/messages/it-webinars';
import { mailOutbox, webinars } from '../src/db/schema';
import { verifyWebinarToken } from '../src/webinars/join-token';
import { sweepWebinars } from '../src/webinars/reminders';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the description is sanitised by sanitize-html (ESM-only parser): see the loader
jest.mock('sanitize-html', () => require('./rich-text-support/load-sanitize-html.cjs').loadSanitizeHtml());

/*
 * Webinars through the real app: the staff's lifecycle (create, edit, publish, start, end,
 * cancel) with its refusals, the operators' store scope and other companies' 404s; visitors'
 * registration with capacity held under parallel attempts, the personal link (view, .ics, cancel),
 * the join window of viewers and presenters and its credential; the e-mails (confirmation, move,
 * cancellation, reminders) each written once, also with two sweeps running together.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const V = IT_WEBINARS.validation;
const R = IT_WEBINARS.rules;

let t: LobbyTestApp;
let admin: TestClient;
let operator: TestClient;
let acmeAdmin: TestClient;
let milano: string;
let roma: string;
let adminId: string;
let operatorId: string;

beforeAll(async () => {
  t = await startLobbyApp({ rateLimits: { bookingsPerMinute: 100_000, manageCallsPerMinute: 100_000 } });
  milano = t.seeded.store('Milano Centro');
  roma = t.seeded.store('Roma Termini');
  adminId = await t.userId(t.seeded.demoId, 'admin');
  operatorId = await t.userId(t.seeded.demoId, 'operatore');
  admin = await t.staff('admin');
  operator = await t.staff('operatore');
  acmeAdmin = await t.staff('admin', 'acme.localhost');
}, START_TIMEOUT_MS);
afterAll(() => t.close());

function body(changes: Partial<WebinarBody> = {}): WebinarBody {
  return {
    storeId: milano,
    title: 'Novità di primavera',
    description: '<p>Le <strong>novità</strong> della stagione</p><script>alert(1)</script>',
    startsAt: new Date(t.clock.now().getTime() + 3 * 24 * HOUR).toISOString(),
    durationMinutes: 60,
    capacity: 5,
    presenterIds: [adminId],
    ...changes,
  };
}

async function create(changes: Partial<WebinarBody> = {}): Promise<Webinar> {
  const response = await admin.post('/api/webinar', body(changes));
  expect(response.statusCode).toBe(201);
  return webinarSchema.parse(response.json());
}

async function published(changes: Partial<WebinarBody> = {}): Promise<Webinar> {
  const webinar = await create(changes);
  const response = await admin.post(`/api/webinar/${webinar.id}`, { status: 'published' });
  expect(response.statusCode).toBe(200);
  return webinarSchema.parse(response.json());
}

let nextVisitor = 0;
/** A visitor of the site (Demo's unless named) on an address of its own, with the CSRF cookie a page load gives. */
async function visitor(host = 'demo.localhost'): Promise<TestClient> {
  nextVisitor += 1;
  const browser = new TestClient(t.app, host, `10.77.${Math.floor(nextVisitor / 250)}.${nextVisitor % 250}`);
  await browser.get('/api/me');
  return browser;
}

/** The test clock moved forward to `instant` (it never goes back). */
function moveClockTo(instant: Date): void {
  const ms = instant.getTime() - t.clock.now().getTime();
  if (ms < 0) throw new Error(`the clock cannot go back to ${instant.toISOString()}`);
  t.clock.advance(ms);
}

const registrant = (n: number) => ({ firstName: 'Maria', lastName: `Verdi ${n}`, email: `maria.verdi${n}@example.com`, privacyConsent: true });

async function register(webinarId: string, n: number) {
  const response = await (await visitor()).post(`/api/webinar/${webinarId}/reservation`, registrant(n));
  expect(response.statusCode).toBe(201);
  return createdWebinarRegistrationSchema.parse(response.json());
}

const sorted = (texts: string[]) => [...texts].sort();

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function mailsTo(address: string) {
  return t.db.asOwnerForTenant(t.seeded.demoId, (tx) =>
    tx
      .select({ subject: mailOutbox.subject, text: mailOutbox.text, attachments: mailOutbox.attachments })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.companyId, t.seeded.demoId), eq(mailOutbox.to, address))),
  );
}

async function storedWebinar(id: string) {
  const [row] = await t.db.asOwnerForTenant(t.seeded.demoId, (tx) => tx.select().from(webinars).where(eq(webinars.id, id)));
  return row!;
}

describe('staff create and edit', () => {
  it('creates a draft: 201, the description sanitised, the presenters named, nothing public yet', async () => {
    const webinar = await create();
    expect(webinar).toMatchObject({
      store: { id: milano, name: 'Milano Centro' },
      title: 'Novità di primavera',
      status: 'draft',
      capacity: 5,
      registered: 0,
      durationMinutes: 60,
      presenters: [{ id: adminId, name: 'Anna Rossi' }],
      engine: 'local',
      publicPath: `/webinar/${webinar.id}`,
    });
    expect(webinar.description).toContain('<strong>novità</strong>');
    expect(webinar.description).not.toContain('script');
    expect(new Date(webinar.endsAt).getTime() - new Date(webinar.startsAt).getTime()).toBe(HOUR);
    expect(new Date(webinar.startsAt).getTime() - new Date(webinar.joinOpensAt).getTime()).toBe(15 * MINUTE);
    // A draft is nobody's business but the staff's.
    expect((await (await visitor()).get(`/api/config/webinar/${webinar.id}`)).statusCode).toBe(404);
    expect(storeWebinarsSchema.parse((await (await visitor()).get(`/api/store/${milano}/webinar`)).json()).webinars.map((w) => w.id)).not.toContain(webinar.id);
    expect((await (await visitor()).post(`/api/webinar/${webinar.id}/reservation`, registrant(0))).statusCode).toBe(404);
  });

  it.each([
    ['title', { title: '  ' }, V.title],
    ['title', { title: 'x'.repeat(121) }, V.titleTooLong(120)],
    ['durationMinutes', { durationMinutes: 10 }, V.duration(15, 480)],
    ['capacity', { capacity: 0 }, V.capacity(1, 1000)],
    ['presenterIds', { presenterIds: [] }, V.presenters(5)],
    ['startsAt', { startsAt: 'domani' }, V.startsAt],
    ['storeId', { storeId: 'milano' }, V.store],
  ] as const)('refuses a bad %s (400, its message), creating nothing', async (field, changes, message) => {
    const before = webinarListSchema.parse((await admin.get('/api/webinar')).json()).webinars.length;
    const response = await admin.post('/api/webinar', body(changes as Partial<WebinarBody>));
    expect([response.statusCode, response.json().field, response.json().message]).toEqual([400, field, message]);
    expect(webinarListSchema.parse((await admin.get('/api/webinar')).json()).webinars).toHaveLength(before);
  });

  it('refuses what the rules do not allow (422): a past start, more seats than the mesh holds, another company’s store or staff', async () => {
    const acmeStore = t.seeded.store('Acme Torino');
    const acmeAdminId = await t.userId(t.seeded.acmeId, 'admin');
    const cases: [Partial<WebinarBody>, string, string][] = [
      [{ startsAt: new Date(t.clock.now().getTime() - MINUTE).toISOString() }, 'startsAt', R.startsInPast],
      [{ capacity: WEBINAR_ENGINE_CAPACITY.local + 1 }, 'capacity', R.capacityOverEngine(WEBINAR_ENGINE_CAPACITY.local)],
      [{ storeId: acmeStore }, 'storeId', R.storeUnknown],
      [{ presenterIds: [acmeAdminId] }, 'presenterIds', R.presenterUnknown],
    ];
    for (const [changes, field, message] of cases) {
      const response = await admin.post('/api/webinar', body(changes));
      expect([response.statusCode, response.json().field, response.json().message]).toEqual([422, field, message]);
    }
  });

  it('keeps an operator to the stores they serve: another store’s webinar is a 404, and not listed', async () => {
    await t.serveOnly(t.seeded.demoId, 'operatore', [roma]);
    try {
      const webinar = await create();
      expect((await operator.get(`/api/webinar/${webinar.id}`)).statusCode).toBe(404);
      expect((await operator.post(`/api/webinar/${webinar.id}`, { title: 'Mio' })).statusCode).toBe(404);
      expect(webinarListSchema.parse((await operator.get('/api/webinar')).json()).webinars.every((w) => w.store.id === roma)).toBe(true);
      const own = await operator.post('/api/webinar', body({ storeId: roma, presenterIds: [operatorId] }));
      expect(own.statusCode).toBe(201);
      const refused = await operator.post('/api/webinar', body({ storeId: milano, presenterIds: [operatorId] }));
      expect([refused.statusCode, refused.json().message]).toEqual([422, R.storeUnknown]);
    } finally {
      await t.serveOnly(t.seeded.demoId, 'operatore', []);
    }
  });

  it('answers another company a 404 for each of its calls', async () => {
    const webinar = await published();
    expect((await acmeAdmin.get(`/api/webinar/${webinar.id}`)).statusCode).toBe(404);
    expect((await acmeAdmin.post(`/api/webinar/${webinar.id}`, { title: 'Nostro' })).statusCode).toBe(404);
    expect((await acmeAdmin.get(`/api/webinar/${webinar.id}/reservation`)).statusCode).toBe(404);
    expect((await acmeAdmin.get(`/api/webinar/${webinar.id}/join`)).statusCode).toBe(404);
    expect((await (await visitor('acme.localhost')).get(`/api/config/webinar/${webinar.id}`)).statusCode).toBe(404);
    expect((await (await visitor('acme.localhost')).post(`/api/webinar/${webinar.id}/reservation`, registrant(1))).statusCode).toBe(404);
    expect((await (await visitor('acme.localhost')).get(`/api/store/${milano}/webinar`)).statusCode).toBe(404);
    expect((await storedWebinar(webinar.id)).title).toBe('Novità di primavera');
  });

  it('lists by store and status, newest start first', async () => {
    const later = await create({ title: 'Più tardi', startsAt: new Date(t.clock.now().getTime() + 9 * 24 * HOUR).toISOString() });
    const list = webinarListSchema.parse((await admin.get(`/api/webinar?storeId=${milano}&status=draft`)).json()).webinars;
    expect(list[0]!.id).toBe(later.id);
    expect(list.every((w) => w.status === 'draft' && w.store.id === milano)).toBe(true);
    expect((await admin.get('/api/webinar?status=finito')).json()).toMatchObject({ field: 'status', message: V.status });
  });

  it('keeps a store with a published webinar from being deleted (409, why); a draft or a cancelled one goes with it', async () => {
    const store = await admin.post('/api/store', { name: `Sala webinar ${Date.now()}` });
    expect(store.statusCode).toBe(201);
    const storeId = (store.json() as { id: string }).id;
    const draft = await create({ storeId });
    const webinar = await published({ storeId });
    const refused = await admin.request('DELETE', `/api/store/${storeId}`);
    expect([refused.statusCode, refused.json().message]).toEqual([409, IT_STORES.errors.storeHasUpcomingWebinars(1)]);
    expect((await storedWebinar(webinar.id)).status).toBe('published');
    await admin.post(`/api/webinar/${webinar.id}`, { status: 'cancelled' });
    expect((await admin.request('DELETE', `/api/store/${storeId}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/webinar/${draft.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/webinar/${webinar.id}`)).statusCode).toBe(404);
  });

  it('moves only along the statuses (409 otherwise), and edits only a draft or a published webinar', async () => {
    const webinar = await create();
    const early = await admin.post(`/api/webinar/${webinar.id}`, { status: 'live' });
    expect([early.statusCode, early.json().message]).toEqual([409, R.transition('Bozza', 'In corso')]);
    await admin.post(`/api/webinar/${webinar.id}`, { status: 'published' });
    const notYet = await admin.post(`/api/webinar/${webinar.id}`, { status: 'live' });
    expect([notYet.statusCode, notYet.json().message]).toEqual([409, R.joinNotYet(15)]);
    moveClockTo(new Date(new Date(webinar.startsAt).getTime() - 10 * MINUTE));
    admin = await t.staff('admin');
    expect((await admin.post(`/api/webinar/${webinar.id}`, { status: 'live' })).json()).toMatchObject({ status: 'live' });
    const edit = await admin.post(`/api/webinar/${webinar.id}`, { title: 'Cambiato' });
    expect([edit.statusCode, edit.json().message]).toEqual([409, R.notEditable]);
    expect((await admin.post(`/api/webinar/${webinar.id}`, { status: 'ended' })).json()).toMatchObject({ status: 'ended' });
    const again = await admin.post(`/api/webinar/${webinar.id}`, { status: 'live' });
    expect(again.statusCode).toBe(409);
    expect((await storedWebinar(webinar.id)).title).toBe('Novità di primavera');
  });
});

describe('registration', () => {
  it('registers a visitor: 201, the seat counted, the confirmation with its .ics and personal link', async () => {
    const webinar = await published();
    const page = publicWebinarSchema.parse((await (await visitor()).get(`/api/config/webinar/${webinar.id}`)).json());
    expect(page).toMatchObject({ status: 'published', seatsLeft: 5, registrationOpen: true, timeZone: 'Europe/Rome' });
    expect(storeWebinarsSchema.parse((await (await visitor()).get(`/api/store/${milano}/webinar`)).json()).webinars.map((w) => w.id)).toContain(webinar.id);
    const { registration, token } = await register(webinar.id, 100);
    expect(registration).toMatchObject({ status: 'registered', firstName: 'Maria', webinar: { id: webinar.id, seatsLeft: 4 } });
    const [mail, ...others] = await mailsTo('maria.verdi100@example.com');
    expect(others).toEqual([]);
    expect(mail!.subject).toBe(IT_WEBINARS.mail.confirmationSubject('Novità di primavera'));
    expect(mail!.text).toContain(`/webinar/iscrizione/${registration.id}?token=${token}`);
    expect(mail!.attachments[0]).toMatchObject({ filename: 'webinar.ics', contentType: expect.stringContaining('method=REQUEST') });
    expect(mail!.attachments[0]!.content).toContain(`UID:webinar-${registration.id}@incontra`);
    // The same address again is refused; so is a bad body, naming its field.
    const twice = await (await visitor()).post(`/api/webinar/${webinar.id}/reservation`, { ...registrant(100), email: 'MARIA.VERDI100@example.com' });
    expect([twice.statusCode, twice.json().message]).toEqual([409, R.alreadyRegistered]);
    const noConsent = await (await visitor()).post(`/api/webinar/${webinar.id}/reservation`, { ...registrant(101), privacyConsent: false });
    expect([noConsent.statusCode, noConsent.json().field, noConsent.json().message]).toEqual([400, 'privacyConsent', V.privacyConsent]);
    const badMail = await (await visitor()).post(`/api/webinar/${webinar.id}/reservation`, { ...registrant(101), email: 'maria@' });
    expect([badMail.statusCode, badMail.json().field]).toEqual([400, 'email']);
    expect((await storedWebinar(webinar.id)).registered).toBe(1);
  });

  it('seats exactly the capacity of 100 parallel registrations; the others are told it is full', async () => {
    const webinar = await published({ capacity: WEBINAR_ENGINE_CAPACITY.local });
    const visitors = await Promise.all(Array.from({ length: 100 }, () => visitor()));
    const answers = await Promise.all(visitors.map((browser, n) => browser.post(`/api/webinar/${webinar.id}/reservation`, registrant(1000 + n))));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(WEBINAR_ENGINE_CAPACITY.local);
    expect(codes.filter((code) => code === 409)).toHaveLength(100 - WEBINAR_ENGINE_CAPACITY.local);
    expect(answers.filter((answer) => answer.statusCode === 409).every((answer) => answer.json().message === R.full)).toBe(true);
    expect((await storedWebinar(webinar.id)).registered).toBe(WEBINAR_ENGINE_CAPACITY.local);
    const listed = webinarRegistrationListSchema.parse((await admin.get(`/api/webinar/${webinar.id}/reservation`)).json()).registrations;
    expect(listed).toHaveLength(WEBINAR_ENGINE_CAPACITY.local);
    expect(publicWebinarSchema.parse((await (await visitor()).get(`/api/config/webinar/${webinar.id}`)).json())).toMatchObject({
      seatsLeft: 0,
      registrationOpen: false,
    });
  });

  it('registers one address once when it is sent twice at the same time', async () => {
    const webinar = await published();
    const browsers = [await visitor(), await visitor()];
    const answers = await Promise.all(browsers.map((browser) => browser.post(`/api/webinar/${webinar.id}/reservation`, registrant(150))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toMatchObject({ field: 'email', message: R.alreadyRegistered });
    expect((await storedWebinar(webinar.id)).registered).toBe(1);
  });

  it('opens the registration with its token only (401 without, 404 with another), and its .ics', async () => {
    const webinar = await published();
    const { registration, token } = await register(webinar.id, 200);
    const other = await register(webinar.id, 201);
    const path = `/api/webinar-reservation/${registration.id}`;
    expect(webinarRegistrationSchema.parse((await (await visitor()).get(path, bearer(token))).json())).toMatchObject({
      id: registration.id,
      email: 'maria.verdi200@example.com',
    });
    const none = await (await visitor()).get(path);
    expect([none.statusCode, none.json().message]).toEqual([401, IT_WEBINARS.tokenRequired]);
    expect((await (await visitor()).get(path, bearer(other.token))).statusCode).toBe(404);
    expect((await (await visitor('acme.localhost')).get(path, bearer(token))).statusCode).toBe(404);
    const ics = await (await visitor()).get(`${path}/calendar.ics`, bearer(token));
    expect([ics.statusCode, ics.headers['content-type']]).toEqual([200, 'text/calendar; charset=utf-8']);
    expect(ics.body).toContain('BEGIN:VEVENT');
  });

  it('cancels with the token: the seat freed, an e-mail that cancels the event; a second cancel changes nothing', async () => {
    const webinar = await published();
    const { registration, token } = await register(webinar.id, 300);
    const path = `/api/webinar-reservation/${registration.id}`;
    expect((await (await visitor()).request('DELETE', path)).statusCode).toBe(401);
    expect(webinarRegistrationSchema.parse((await (await visitor()).request('DELETE', path, undefined, bearer(token))).json()).status).toBe('cancelled');
    expect((await storedWebinar(webinar.id)).registered).toBe(0);
    expect((await (await visitor()).request('DELETE', path, undefined, bearer(token))).json()).toMatchObject({ status: 'cancelled' });
    expect((await storedWebinar(webinar.id)).registered).toBe(0);
    const mails = await mailsTo('maria.verdi300@example.com');
    expect(sorted(mails.map((mail) => mail.subject))).toEqual(
      sorted([IT_WEBINARS.mail.confirmationSubject('Novità di primavera'), IT_WEBINARS.mail.registrationCancelledSubject('Novità di primavera')]),
    );
    const cancellation = mails.find((mail) => mail.subject === IT_WEBINARS.mail.registrationCancelledSubject('Novità di primavera'));
    expect(cancellation!.attachments[0]!.contentType).toContain('method=CANCEL');
    // The same address may register again (a minute later: the list is oldest first).
    t.clock.advance(MINUTE);
    await register(webinar.id, 300);
    const listed = webinarRegistrationListSchema.parse((await admin.get(`/api/webinar/${webinar.id}/reservation`)).json()).registrations;
    expect(listed.map((row) => row.status)).toEqual(['cancelled', 'registered']);
  });

  it('closes registration once the webinar has started (409)', async () => {
    const webinar = await published({ startsAt: new Date(t.clock.now().getTime() + 20 * MINUTE).toISOString() });
    t.clock.advance(21 * MINUTE);
    admin = await t.staff('admin');
    const late = await (await visitor()).post(`/api/webinar/${webinar.id}/reservation`, registrant(400));
    expect([late.statusCode, late.json().message]).toEqual([409, R.closed]);
  });
});

describe('joining', () => {
  it('hands viewers and presenters a credential only inside the window, only to a live registration and to presenters', async () => {
    const webinar = await published({ presenterIds: [adminId] });
    const { registration, token } = await register(webinar.id, 500);
    const cancelled = await register(webinar.id, 501);
    await (await visitor()).request('DELETE', `/api/webinar-reservation/${cancelled.registration.id}`, undefined, bearer(cancelled.token));
    const viewerJoin = `/api/webinar-reservation/${registration.id}/join`;
    const early = await (await visitor()).get(viewerJoin, bearer(token));
    expect([early.statusCode, early.json().message]).toEqual([409, R.joinNotYet(15)]);
    expect((await admin.get(`/api/webinar/${webinar.id}/join`)).json().message).toBe(R.joinNotYet(15));

    moveClockTo(new Date(new Date(webinar.startsAt).getTime() - 15 * MINUTE));
    admin = await t.staff('admin');
    operator = await t.staff('operatore');
    const viewer = webinarJoinSchema.parse((await (await visitor()).get(viewerJoin, bearer(token))).json());
    expect(viewer).toMatchObject({ engine: 'local', role: 'viewer', webinarId: webinar.id, seat: registration.id, displayName: 'Maria Verdi 500' });
    expect(verifyWebinarToken(viewer.token, t.app.config.video.tokenSecret, t.clock.now())).toMatchObject({
      wid: webinar.id,
      role: 'viewer',
      seat: registration.id,
    });
    expect(verifyWebinarToken(viewer.token, 'another secret', t.clock.now())).toBeNull();
    expect((await (await visitor()).get(viewerJoin)).statusCode).toBe(401);
    const gone = await (await visitor()).get(`/api/webinar-reservation/${cancelled.registration.id}/join`, bearer(cancelled.token));
    expect([gone.statusCode, gone.json().message]).toEqual([409, R.cancelled]);
    const presenter = webinarJoinSchema.parse((await admin.get(`/api/webinar/${webinar.id}/join`)).json());
    expect(presenter).toMatchObject({ role: 'presenter', seat: adminId, displayName: 'Anna Rossi' });
    const notPresenter = await operator.get(`/api/webinar/${webinar.id}/join`);
    expect([notPresenter.statusCode, notPresenter.json().message]).toEqual([403, R.notPresenter]);
    // Joining changed nothing.
    expect((await storedWebinar(webinar.id)).status).toBe('published');

    // Never started: the window closes at the scheduled end; started and ended: at the end.
    moveClockTo(new Date(new Date(webinar.endsAt).getTime() + MINUTE));
    const over = await (await visitor()).get(viewerJoin, bearer(token));
    expect([over.statusCode, over.json().message]).toEqual([409, R.joinOver]);
  });

  it('refuses the staff’s calls to a signed-out caller (401) and the join to an operator who is no presenter (403)', async () => {
    const webinar = await published();
    expect((await (await visitor()).get(`/api/webinar/${webinar.id}`)).statusCode).toBe(401);
    expect((await (await visitor()).get('/api/webinar')).statusCode).toBe(401);
    const response = await operator.get(`/api/webinar/${webinar.id}/join`);
    expect(response.statusCode).toBe(403);
    expect([IT_MANAGEMENT.forbidden, R.notPresenter]).toContain(response.json().message);
  });
});

describe('e-mails over time', () => {
  /** The subjects of the e-mails to `address`, in any order (several are written at one instant of the test clock). */
  const subjectsTo = async (address: string) => sorted((await mailsTo(address)).map((mail) => mail.subject));

  it('reminds 24 h and 15 min before, each once, with two sweeps running together', async () => {
    const webinar = await published({ title: 'Promemoria', startsAt: new Date(t.clock.now().getTime() + 2 * 24 * HOUR).toISOString() });
    await register(webinar.id, 600);
    const sweep = () => sweepWebinars({ db: t.db, mailer: t.app.mailer, clock: t.clock.now });
    await Promise.all([sweep(), sweep()]);
    expect(await subjectsTo('maria.verdi600@example.com')).toEqual([IT_WEBINARS.mail.confirmationSubject('Promemoria')]);
    moveClockTo(new Date(new Date(webinar.startsAt).getTime() - 24 * HOUR + MINUTE));
    await Promise.all([sweep(), sweep()]);
    moveClockTo(new Date(new Date(webinar.startsAt).getTime() - 14 * MINUTE));
    await Promise.all([sweep(), sweep()]);
    await Promise.all([sweep(), sweep()]);
    expect(await subjectsTo('maria.verdi600@example.com')).toEqual(
      sorted([
        IT_WEBINARS.mail.confirmationSubject('Promemoria'),
        IT_WEBINARS.mail.reminderDaySubject('Promemoria'),
        IT_WEBINARS.mail.reminderSoonSubject('Promemoria'),
      ]),
    );
  });

  it('tells every registrant of a new time, then of the cancellation, each once', async () => {
    admin = await t.staff('admin');
    const webinar = await published({ title: 'Spostato', startsAt: new Date(t.clock.now().getTime() + 3 * 24 * HOUR).toISOString() });
    await register(webinar.id, 700);
    await register(webinar.id, 701);
    const startsAt = new Date(t.clock.now().getTime() + 4 * 24 * HOUR).toISOString();
    expect((await admin.post(`/api/webinar/${webinar.id}`, { startsAt })).json()).toMatchObject({ startsAt });
    expect((await storedWebinar(webinar.id)).sequence).toBe(1);
    const moved = (await mailsTo('maria.verdi700@example.com')).find((mail) => mail.subject === IT_WEBINARS.mail.movedSubject('Spostato'));
    expect(moved!.attachments[0]!.content).toContain('SEQUENCE:1');

    expect((await admin.post(`/api/webinar/${webinar.id}`, { status: 'cancelled' })).json()).toMatchObject({ status: 'cancelled' });
    await Promise.all([
      sweepWebinars({ db: t.db, mailer: t.app.mailer, clock: t.clock.now }),
      sweepWebinars({ db: t.db, mailer: t.app.mailer, clock: t.clock.now }),
    ]);
    for (const address of ['maria.verdi700@example.com', 'maria.verdi701@example.com']) {
      expect(await subjectsTo(address)).toEqual(
        sorted([IT_WEBINARS.mail.confirmationSubject('Spostato'), IT_WEBINARS.mail.movedSubject('Spostato'), IT_WEBINARS.mail.cancelledSubject('Spostato')]),
      );
    }
    expect(publicWebinarSchema.parse((await (await visitor()).get(`/api/config/webinar/${webinar.id}`)).json())).toMatchObject({
      status: 'cancelled',
      registrationOpen: false,
    });
  });
});
