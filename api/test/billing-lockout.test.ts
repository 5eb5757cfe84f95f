import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { publicCompanySchema } from '@incontra/contracts/api/company';
import { createdReservationSchema, storeSlotsSchema } from '@incontra/contracts/api/reservations';
import { IT_LOCKOUT } from '@incontra/contracts/messages/it-lockout';
import { IT_DOCUMENTS } from '@incontra/contracts/messages/it-video-room';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { LOBBY_CLOSE } from '@incontra/contracts/realtime/lobby';
import { OPEN_WHEN_BILLING_ONLY, ROUTE_PERMISSIONS } from '../src/auth/route-permissions';
import { lockoutAt } from '../src/billing/lockout';
import { assertPlanAllowsOneMore } from '../src/billing/plan-limits';
import { rooms, stores, topics } from '../src/db/schema';
import { addCard, DAY_MS, GOOD_BILLING_DATA, readSubscription, startBillingApp, type BillingTestApp } from './helpers/billing';
import { LobbySocket, lobbyAddress } from './helpers/lobby-socket';
import { START_TIMEOUT_MS } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

/*
 * The billing-only lockout (issue 26): a trial over, a subscription cancelled at its end, or a
 * grace that ran out leaves the back office open only for billing (admins) or not at all
 * (operators), and closes the visitors' live and booking actions; what a customer holds already
 * (a reservation's page, its cancellation) keeps working. The rule is read with the company's
 * cached data: a change of the subscription drops it, and time alone flips it (the clock).
 */

let t: BillingTestApp;
let milano: string;
let consulenzaTopic: string;
let consulenzaRoom: string;
let nextAddress = 1;

beforeAll(async () => {
  t = await startBillingApp();
  const ids = await t.db.asOwner(async (tx) => ({
    store: (await tx.select({ id: stores.id }).from(stores).where(eq(stores.name, 'Milano Centro')))[0]!.id,
    topic: (await tx.select({ id: topics.id }).from(topics).where(eq(topics.name, 'Consulenza prodotto')))[0]!.id,
    room: (await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.name, 'Sala Consulenza')))[0]!.id,
  }));
  milano = ids.store;
  consulenzaTopic = ids.topic;
  consulenzaRoom = ids.room;
}, START_TIMEOUT_MS);
afterAll(() => t.close());

/** A visitor's browser on its own address (the per-address limits stay out of the way), with its CSRF cookie. */
async function visitor(host = 'demo.localhost'): Promise<TestClient> {
  nextAddress += 1;
  const browser = new TestClient(t.app, host, `198.51.${Math.floor(nextAddress / 250)}.${nextAddress % 250}`);
  await browser.get('/api/me');
  return browser;
}

/** Moves the test clock by `ms` (sessions end after two idle hours: sign in again after). */
function advance(ms: number): void {
  t.clock.advance(ms);
}

const now = () => t.clock.now();
const later = (ms: number) => new Date(now().getTime() + ms);

/** The company as the visitor site reads it (the host's cached read). */
async function publicCompany(host = 'demo.localhost') {
  const response = await new TestClient(t.app, host).get(`/api/company/${host}`);
  expect(response.statusCode).toBe(200);
  return publicCompanySchema.parse(response.json());
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Books the first free start of Milano's topic between 20 and 23 days from now. */
async function bookAhead() {
  const browser = await visitor();
  const slots = storeSlotsSchema.parse(
    (await browser.get(`/api/config/store/${milano}/slots?topic=${consulenzaTopic}&from=${dayOf(later(20 * DAY_MS))}&to=${dayOf(later(23 * DAY_MS))}`)).json(),
  );
  const startsAt = slots.days.flatMap((day) => day.slots)[0]!.startsAt;
  const response = await browser.post('/api/reservations', bookingBody(startsAt));
  expect(response.statusCode).toBe(201);
  return createdReservationSchema.parse(response.json());
}

/** A well-formed booking (the schema passes; the lockout, or else the slot's rules, decide). */
function bookingBody(startsAt: string) {
  return {
    store: milano,
    topic: consulenzaTopic,
    startsAt,
    firstName: 'Maria',
    lastName: 'Verdi',
    email: `maria.verdi.${nextAddress}@example.it`,
    phone: '333 765 4321',
    notes: '',
    privacyConsent: true,
  };
}

/** What the visitor's live and booking calls answer now (status codes). */
async function visitorCalls() {
  const browser = await visitor();
  const today = dayOf(now());
  return {
    join: (await browser.post(`/api/video-room/${milano}/send-join-request`, { name: 'Paolo Neri', room: consulenzaRoom })).statusCode,
    slots: (await browser.get(`/api/config/store/${milano}/slots?topic=${consulenzaTopic}&from=${today}&to=${today}`)).statusCode,
    book: (await browser.post('/api/reservations', bookingBody(later(21 * DAY_MS).toISOString()))).statusCode,
    // A made-up webinar and registration: while the service runs, the lookups answer (404).
    webinar: (
      await browser.post(`/api/webinar/${randomUUID()}/reservation`, { firstName: 'Maria', lastName: 'Verdi', email: 'maria@example.it', privacyConsent: true })
    ).statusCode,
    webinarJoin: (await browser.get(`/api/webinar-reservation/${randomUUID()}/join`, bearer('a-registration-token'))).statusCode,
  };
}

/**
 * What the calls outside the staff scope, open to guests too and checked by hand, answer now: a
 * staff member's and a guest's room join, a chat file's upload by each, a document's download by
 * staff, the staff's lobby socket (its first message, or its close). The ids are made up: while
 * the service runs, the lookups answer (404, 401), while it is suspended the lockout answers first.
 */
async function handCheckedCalls(staff: TestClient) {
  const guest = await visitor();
  const join = await staff.post(`/api/video-room/${consulenzaRoom}/join`, {});
  const guestJoin = await guest.post(`/api/video-room/${consulenzaRoom}/join`, { joinRequestId: randomUUID() }, bearer('a-visitor-token'));
  const upload = await staff.post(`/api/room/${consulenzaRoom}/documents`, {});
  const guestUpload = await new TestClient(t.app, 'demo.localhost').post(`/api/room/${consulenzaRoom}/documents`, {}, bearer('a-room-token'));
  const download = await staff.get(`/api/documents/${randomUUID()}/download`);
  const { url } = await lobbyAddress(t.app);
  const socket = await LobbySocket.staff(url, staff);
  const lobby = await Promise.race([socket.next('queue').then(() => 'queue' as const), socket.closed.then(({ code }) => code)]);
  await socket.close();
  return {
    join: [join.statusCode, join.json().message],
    guestJoin: [guestJoin.statusCode, guestJoin.json().message],
    upload: [upload.statusCode, upload.json().message],
    guestUpload: [guestUpload.statusCode, guestUpload.json().message],
    download: [download.statusCode, download.json().message],
    lobby,
  };
}

/** Asserts the whole lockout on Demo: the back office open for billing only, the visitor's actions closed. */
async function expectLockedOut() {
  expect(await publicCompany()).toMatchObject({ serviceSuspended: true });
  const admin = await t.staff('admin');
  const refused = await admin.get('/api/users');
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toMatchObject({ message: IT_LOCKOUT.staffRefused });
  expect((await admin.post('/api/room', { storeId: milano, name: 'Sala nuova' })).statusCode).toBe(403);
  expect(await readSubscription(admin)).toMatchObject({ billingOnly: true });
  for (const url of ['/api/subscription/billing', '/api/subscription/payment', '/api/payments/company']) expect((await admin.get(url)).statusCode).toBe(200);
  expect((await admin.put('/api/me', { firstName: 'Anna', lastName: 'Rossi', email: 'admin@demo.incontra.local' })).statusCode).toBe(200);

  const operator = await t.staff('operatore');
  const operatorRefused = await operator.get('/api/bo/reservations');
  expect(operatorRefused.statusCode).toBe(403);
  expect(operatorRefused.json()).toMatchObject({ message: IT_LOCKOUT.operatorRefused });
  expect((await operator.get('/api/subscription')).statusCode).toBe(403);
  expect((await operator.get('/api/bo/join-requests')).statusCode).toBe(403);
  expect((await operator.put('/api/me', { firstName: 'Marco', lastName: 'Bianchi', email: 'operatore@demo.incontra.local' })).statusCode).toBe(200);

  expect(await visitorCalls()).toEqual({ join: 403, slots: 403, book: 403, webinar: 403, webinarJoin: 403 });
  const join = await (await visitor()).post(`/api/video-room/${milano}/send-join-request`, { name: 'Paolo Neri', room: consulenzaRoom });
  expect(join.json()).toMatchObject({ message: IT_LOCKOUT.visitorRefused });

  const guestRefused = [403, IT_LOCKOUT.visitorRefused];
  for (const [staff, refused] of [
    [admin, [403, IT_LOCKOUT.staffRefused]],
    [operator, [403, IT_LOCKOUT.operatorRefused]],
  ] as const) {
    expect(await handCheckedCalls(staff)).toEqual({
      join: refused,
      guestJoin: guestRefused,
      upload: refused,
      guestUpload: guestRefused,
      download: refused,
      lobby: LOBBY_CLOSE.unauthorized,
    });
  }
}

/** Asserts Demo fully open: staff routes, operators, the visitor's actions. */
async function expectOpen() {
  expect(await publicCompany()).toMatchObject({ serviceSuspended: false });
  const admin = await t.staff('admin');
  expect((await admin.get('/api/users')).statusCode).toBe(200);
  expect(await readSubscription(admin)).toMatchObject({ billingOnly: false });
  const operator = await t.staff('operatore');
  expect((await operator.get('/api/bo/reservations')).statusCode).toBe(200);
  expect((await operator.get('/api/subscription')).statusCode).toBe(200);
  const calls = await visitorCalls();
  expect(calls.slots).toBe(200);
  // Not refused by the lockout (an arbitrary start may still be refused by the slot's rules).
  expect(calls.book).not.toBe(403);
  expect(calls.join).not.toBe(403);
  expect([calls.webinar, calls.webinarJoin]).toEqual([404, 404]);

  const open = await handCheckedCalls(admin);
  expect(open.join[0]).toBe(200);
  expect(open.guestJoin[0]).toBe(404);
  // Not a multipart form: refused by the upload itself, after the caller passed.
  expect(open.upload[0]).not.toBe(403);
  expect(open.guestUpload).toEqual([401, IT_DOCUMENTS.roomAccessInvalid]);
  expect(open.download[0]).toBe(404);
  expect(open.lobby).toBe('queue');
}

describe('the billing-only rule', () => {
  const at = new Date('2027-01-10T00:00:00Z');
  const row = (fields: Partial<Parameters<typeof lockoutAt>[0] & object>) => ({
    status: 'active',
    trialEndsAt: null,
    currentPeriodEndsAt: null,
    cancelAtPeriodEnd: false,
    graceEndsAt: null,
    ...fields,
  });
  const before = new Date(at.getTime() - 1);
  const after = new Date(at.getTime() + 1);

  it('locks a canceled subscription, a trial, a period cancelled at its end and a grace from their ends, and says when it flips', () => {
    expect(lockoutAt(row({ status: 'canceled' }), at)).toEqual({ billingOnly: true, changesAt: null });
    expect(lockoutAt(row({ status: 'trialing', trialEndsAt: after }), at)).toEqual({ billingOnly: false, changesAt: after });
    expect(lockoutAt(row({ status: 'trialing', trialEndsAt: at }), at)).toEqual({ billingOnly: true, changesAt: null });
    expect(lockoutAt(row({ cancelAtPeriodEnd: true, currentPeriodEndsAt: after }), at)).toEqual({ billingOnly: false, changesAt: after });
    expect(lockoutAt(row({ cancelAtPeriodEnd: true, currentPeriodEndsAt: before }), at).billingOnly).toBe(true);
    expect(lockoutAt(row({ status: 'past_due', graceEndsAt: after }), at)).toEqual({ billingOnly: false, changesAt: after });
    expect(lockoutAt(row({ status: 'past_due', graceEndsAt: before }), at).billingOnly).toBe(true);
  });

  it('keeps open an active subscription (its period ended and being renewed too), no subscription, an unknown status', () => {
    expect(lockoutAt(row({ currentPeriodEndsAt: before }), at)).toEqual({ billingOnly: false, changesAt: null });
    expect(lockoutAt(null, at)).toEqual({ billingOnly: false, changesAt: null });
    expect(lockoutAt(row({ status: 'paused' }), at).billingOnly).toBe(false);
  });

  it('opens only staff routes of the permissions table, for roles the table lets in', () => {
    for (const key of Object.keys(OPEN_WHEN_BILLING_ONLY)) expect(ROUTE_PERMISSIONS[key]).toBeDefined();
  });
});

describe('the lockout through the API', () => {
  let reservation: Awaited<ReturnType<typeof bookAhead>>;

  it('leaves a company in a running trial open, and another company alone throughout', async () => {
    expect((await t.subscriptionRow(t.demoId)).status).toBe('trialing');
    await expectOpen();
    reservation = await bookAhead();
  });

  it('locks when the trial ends without a card, by the clock alone, without waiting for the sweep', async () => {
    const trialEndsAt = (await t.subscriptionRow(t.demoId)).trialEndsAt!;
    // Read (and cached) a second before the end: the cached read does not outlive it.
    advance(trialEndsAt.getTime() - now().getTime() - 1_000);
    expect(await publicCompany()).toMatchObject({ serviceSuspended: false });
    advance(2_000);
    expect((await t.subscriptionRow(t.demoId)).status).toBe('trialing');
    await expectLockedOut();
    // Acme (active) is untouched.
    expect(await publicCompany('acme.localhost')).toMatchObject({ serviceSuspended: false });
    const acme = await t.staff('admin', 'acme.localhost');
    expect((await acme.get('/api/users')).statusCode).toBe(200);
  });

  it("keeps the customer's existing reservation: its page, its calendar file and its cancellation", async () => {
    const customer = await visitor();
    const { id } = reservation.reservation;
    expect((await customer.get(`/api/reservations/${id}`, bearer(reservation.manageToken))).statusCode).toBe(200);
    expect((await customer.get(`/api/reservations/${id}/calendar.ics`, bearer(reservation.manageToken))).statusCode).toBe(200);
    // Moving it is a new booking: closed.
    expect(
      (await customer.post(`/api/reservations/${id}/move`, { startsAt: reservation.reservation.startsAt }, bearer(reservation.manageToken))).statusCode,
    ).toBe(403);
    const cancelled = await customer.post(`/api/reservations/${id}/cancel`, undefined, bearer(reservation.manageToken));
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
  });

  it('opens again at once when the admin starts a plan (the subscription change drops the cached company)', async () => {
    // Cached as locked first.
    expect(await publicCompany()).toMatchObject({ serviceSuspended: true });
    const admin = await t.staff('admin');
    expect((await admin.post('/api/subscription/billing', GOOD_BILLING_DATA)).statusCode).toBe(200);
    expect((await addCard(admin)).statusCode).toBe(200);
    const started = await admin.post('/api/subscription/checkout', { plan: 'pro' });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ status: 'active', billingOnly: false });
    expect(await publicCompany()).toMatchObject({ serviceSuspended: false });
    expect((await admin.get('/api/users')).statusCode).toBe(200);
  });

  it('keeps a subscription cancelled at its period end open until that end, then locks it (clock)', async () => {
    const admin = await t.staff('admin');
    expect((await admin.post('/api/subscription/cancel', {})).json()).toMatchObject({ cancelAtPeriodEnd: true });
    const periodEnd = (await t.subscriptionRow(t.demoId)).currentPeriodEndsAt!;
    advance(periodEnd.getTime() - now().getTime() - 60_000);
    await expectOpen();
    advance(2 * 60_000);
    expect((await t.subscriptionRow(t.demoId)).status).toBe('active');
    await expectLockedOut();
  });

  it('locks at once when the provider says the subscription ended (the events sink changes the row)', async () => {
    await t.forceSubscription(t.demoId, { status: 'active', cancelAtPeriodEnd: false, currentPeriodEndsAt: later(20 * DAY_MS) });
    expect(await publicCompany()).toMatchObject({ serviceSuspended: false });
    await t.app.billingEvents.apply({ kind: 'subscription.ended', id: `lockout-test:${now().getTime()}`, companyId: t.demoId, endedAt: later(21 * DAY_MS) });
    expect((await t.subscriptionRow(t.demoId)).status).toBe('canceled');
    expect(await publicCompany()).toMatchObject({ serviceSuspended: true });
  });

  it('keeps a past_due subscription open through its grace, and locks it from the grace end', async () => {
    await t.forceSubscription(t.demoId, { status: 'past_due', planId: 'pro', graceEndsAt: later(3 * DAY_MS), currentPeriodEndsAt: now() });
    await expectOpen();
    advance(3 * DAY_MS + 1_000);
    await expectLockedOut();
  });
});

describe('plan limits read the live subscription in each status', () => {
  beforeAll(async () => {
    // Demo has three rooms: Basic allows two, Pro any number.
    await t.forceSubscription(t.demoId, {
      trialEndsAt: later(10 * DAY_MS),
      graceEndsAt: later(10 * DAY_MS),
      currentPeriodEndsAt: later(10 * DAY_MS),
      cancelAtPeriodEnd: false,
    });
  });

  const allows = (resource: 'users' | 'rooms') =>
    t.db
      .withTenant(t.demoId, (tx) => assertPlanAllowsOneMore(tx, t.demoId, resource))
      .then(
        () => true,
        () => false,
      );

  it.each(['trialing', 'active', 'past_due'])('%s: the plan of the subscription decides, through the API too', async (status) => {
    await t.forceSubscription(t.demoId, { status, planId: 'basic' });
    expect(await allows('rooms')).toBe(false);
    expect(await allows('users')).toBe(true);
    const admin = await t.staff('admin');
    const refused = await admin.post('/api/room', { storeId: milano, name: `Sala ${status} 1` });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: IT_MANAGEMENT.planLimit.rooms });

    await t.forceSubscription(t.demoId, { planId: 'pro' });
    expect(await allows('rooms')).toBe(true);
    const created = await admin.post('/api/room', { storeId: milano, name: `Sala ${status} 2` });
    expect(created.statusCode).toBeLessThan(300);
  });

  it('canceled: the plan still counts, but the lockout refuses any creation first', async () => {
    await t.forceSubscription(t.demoId, { status: 'canceled', planId: 'basic' });
    expect(await allows('rooms')).toBe(false);
    await t.forceSubscription(t.demoId, { planId: 'pro' });
    expect(await allows('rooms')).toBe(true);
    const admin = await t.staff('admin');
    const refused = await admin.post('/api/room', { storeId: milano, name: 'Sala annullata' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: IT_LOCKOUT.staffRefused });
  });
});
