import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { POS_EXPIRY_HOURS, POS_OPEN_REQUESTS_MAX, posCreateFormSchema, posPaymentSchema, posSettingsSchema } from '@incontra/contracts/api/pos';
import { IT } from '@incontra/contracts/messages/it';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_POS } from '@incontra/contracts/messages/it-pos';
import { IT_POS_MAIL } from '@incontra/contracts/messages/it-pos-mail';
import { activityLog, posPayments, posSettings } from '../src/db/schema';
import { startPosApp, type PosTestApp } from './helpers/pos-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';
import type { TestClient } from './helpers/test-client';

/*
 * The point of sale's staff calls on the seeded Demo and Acme: the form, a request made (its
 * link, QR code and e-mail), refused bodies with nothing stored, another company's and another
 * store's requests out of reach, the open-requests bound, the cancel (a GET held to the CSRF
 * check), and the company's expiry setting.
 */

const HOUR_MS = 3600_000;

let t: PosTestApp;
let admin: TestClient;
let operator: TestClient;
let acmeAdmin: TestClient;
beforeAll(async () => {
  t = await startPosApp();
  admin = await t.staff('admin');
  operator = await t.staff('operatore');
  acmeAdmin = await t.staff('admin', 'acme.localhost');
}, START_TIMEOUT_MS);
afterAll(() => t.close());

const demoId = () => t.seeded.demoId;

describe('GET /api/pos/create', () => {
  it('answers the stores served, the test mode and the expiry, and changes nothing', async () => {
    const before = await t.rows(demoId());
    const response = await admin.get('/api/pos/create');
    expect(response.statusCode).toBe(200);
    const form = posCreateFormSchema.parse(response.json());
    expect(form).toEqual({ stores: expect.any(Array), paymentMode: 'test', canTakePayments: true, expiryHours: POS_EXPIRY_HOURS.default });
    expect(form.stores.map((store) => store.name).sort()).toEqual(['Milano Centro', 'Roma Termini']);
    expect(await t.rows(demoId())).toEqual(before);
  });

  it('lists only the stores an operator serves', async () => {
    await t.serveOnly(demoId(), 'operatore', [t.roma]);
    try {
      const form = posCreateFormSchema.parse((await operator.get('/api/pos/create')).json());
      expect(form.stores).toEqual([{ id: t.roma, name: 'Roma Termini' }]);
    } finally {
      await t.serveOnly(demoId(), 'operatore', []);
    }
  });
});

describe('POST /api/pos/create-payment', () => {
  it('makes the request: its link on the company’s site, a QR code, the e-mail with the link, an activity line', async () => {
    const response = await t.create(admin, { amount: 2550, description: '  Visita di controllo  ', email: 'giulia@example.it', phone: '+39 333 1234567' });
    expect(response.statusCode).toBe(200);
    const payment = posPaymentSchema.parse(response.json());
    expect(payment).toEqual({
      id: expect.any(String),
      storeId: t.milano,
      storeName: 'Milano Centro',
      amount: 2550,
      description: 'Visita di controllo',
      email: 'giulia@example.it',
      phone: '+39 333 1234567',
      status: 'requested',
      createdAt: t.clock.now().toISOString(),
      expiresAt: new Date(t.clock.now().getTime() + 24 * HOUR_MS).toISOString(),
      paidAt: null,
      cancelledAt: null,
      createdBy: 'Anna Rossi',
      link: expect.stringMatching(/^http:\/\/demo\.localhost(:\d+)?\/pagamento\/[\w-]{43}$/),
      qrCode: expect.stringMatching(/^data:image\/png;base64,/),
      last4: null,
    });
    const [mail] = await t.mailsTo(demoId(), 'giulia@example.it');
    expect(mail?.subject).toBe(IT_POS_MAIL.linkSubject('Demo', '25,50 €'));
    expect(mail?.text).toContain(payment.link);
    expect(mail?.text).toContain('martedì 3 marzo 2026, 10:00');
    const row = await t.posRow(demoId(), payment.id);
    expect(row).toMatchObject({ status: 'requested', token: t.tokenOf(payment), providerPaymentId: expect.any(String), clientSecret: expect.any(String) });
    const lines = await t.db.asOwnerForTenant(demoId(), (tx) => tx.select().from(activityLog).where(eq(activityLog.entityId, payment.id)));
    expect(lines.map((line) => [line.action, line.entityType, line.summary])).toEqual([
      ['create', 'payment', IT_POS.activity.created('25,50 €', 'Visita di controllo')],
    ]);
    // The detail shows it again, link and QR code included.
    const detail = posPaymentSchema.parse((await admin.get(`/api/pos/payment/${payment.id}`)).json());
    expect(detail).toEqual(payment);
  });

  it.each([
    [{ amount: 49 }, 'amount', IT_POS.amountInvalid],
    [{ amount: 1_000_001 }, 'amount', IT_POS.amountInvalid],
    [{ amount: 12.5 }, 'amount', IT_POS.amountInvalid],
    [{ amount: '2500' }, 'amount', IT_POS.amountInvalid],
    [{ description: '   ' }, 'description', IT_POS.descriptionRequired],
    [{ description: 'x'.repeat(201) }, 'description', IT_POS.descriptionTooLong],
    [{ email: 'non-una-email' }, 'email', IT_POS.emailInvalid],
    [{ phone: 'chiamami' }, 'phone', IT_POS.phoneInvalid],
    [{ storeId: 'milano' }, 'storeId', IT_POS.storeRequired],
    [{ roomId: 'sala' }, 'roomId', IT_POS.roomInvalid],
  ])('refuses %j: 400 naming %s, nothing stored', async (body, field, message) => {
    const before = (await t.rows(demoId())).length;
    const response = await t.create(admin, body);
    expect([response.statusCode, response.json().field, response.json().message]).toEqual([400, field, message]);
    expect(await t.rows(demoId())).toHaveLength(before);
  });

  it('refuses a store of another company, or one the operator does not serve, and a room of another store: 400, nothing stored', async () => {
    const acmeStore = t.seeded.store('Acme Torino');
    const before = (await t.rows(demoId())).length;
    const foreign = await t.create(admin, { storeId: acmeStore });
    expect([foreign.statusCode, foreign.json().field, foreign.json().message]).toEqual([400, 'storeId', IT_POS.storeInvalid]);
    await t.serveOnly(demoId(), 'operatore', [t.roma]);
    try {
      const notServed = await t.create(operator);
      expect([notServed.statusCode, notServed.json().field]).toEqual([400, 'storeId']);
      expect((await t.create(operator, { storeId: t.roma })).statusCode).toBe(200);
    } finally {
      await t.serveOnly(demoId(), 'operatore', []);
    }
    const romaRoom = t.seeded.room('Sala Roma');
    const wrongRoom = await t.create(admin, { roomId: romaRoom });
    expect([wrongRoom.statusCode, wrongRoom.json().field]).toEqual([400, 'roomId']);
    expect(await t.rows(demoId())).toHaveLength(before + 1);
  });

  it(`refuses the ${POS_OPEN_REQUESTS_MAX + 1}th open request with 422, and counts expired ones out`, async () => {
    const open = (await t.rows(demoId())).filter((row) => row.status === 'requested').length;
    const template = await t.posRow(demoId(), (await t.created(admin)).id);
    const filler = Array.from({ length: POS_OPEN_REQUESTS_MAX - open - 1 }, (_, i) => ({
      ...template,
      id: randomUUID(),
      token: `filler-${i}`,
      providerPaymentId: `filler-${i}`,
    }));
    await t.db.asOwnerForTenant(demoId(), (tx) => tx.insert(posPayments).values(filler));
    const refused = await t.create(admin);
    expect([refused.statusCode, refused.json().message]).toEqual([422, IT_POS.tooManyOpen(POS_OPEN_REQUESTS_MAX)]);
    // Acme's own bound is untouched.
    expect((await t.create(acmeAdmin, { storeId: t.seeded.store('Acme Torino') })).statusCode).toBe(200);
    await t.db.asOwnerForTenant(demoId(), (tx) => tx.update(posPayments).set({ status: 'expired' }).where(eq(posPayments.description, 'Consulenza')));
    expect((await t.create(admin)).statusCode).toBe(200);
  });
});

describe('GET /api/pos/payment/{id}', () => {
  it('is 404 for another company’s request, a store not served and a malformed id', async () => {
    const acme = await t.created(acmeAdmin, { storeId: t.seeded.store('Acme Torino') });
    for (const url of [`/api/pos/payment/${acme.id}`, `/api/pos/payment/${acme.id}/verify`, '/api/pos/payment/nope', '/api/pos/payment/nope/verify']) {
      const response = await admin.get(url);
      expect([url, response.statusCode, response.json().message]).toEqual([url, 404, IT_POS.notFound]);
    }
    const milano = await t.created(admin);
    await t.serveOnly(demoId(), 'operatore', [t.roma]);
    try {
      expect((await operator.get(`/api/pos/payment/${milano.id}`)).statusCode).toBe(404);
      expect((await t.getWithCsrf(operator, `/api/pos/payment/${milano.id}/cancel`)).statusCode).toBe(404);
    } finally {
      await t.serveOnly(demoId(), 'operatore', []);
    }
    expect((await t.posRow(demoId(), milano.id)).status).toBe('requested');
    expect((await operator.get(`/api/pos/payment/${milano.id}`)).statusCode).toBe(200);
  });
});

describe('GET /api/pos/payment/{id}/cancel', () => {
  it('needs the CSRF header like a POST: refused without it (nothing changed), then cancelled, and the same answer again', async () => {
    const payment = await t.created(admin);
    const url = `/api/pos/payment/${payment.id}/cancel`;
    const bare = await admin.get(url);
    expect([bare.statusCode, bare.json().message]).toEqual([403, IT.errors.csrf]);
    const forged = await admin.get(url, { 'x-csrf-token': 'forged.token' });
    expect(forged.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'HEAD', url, headers: { host: 'demo.localhost', cookie: `incontra_sid=${admin.sessionId}` } })).statusCode).toBe(404);
    expect((await t.posRow(demoId(), payment.id)).status).toBe('requested');

    const cancelled = await t.getWithCsrf(admin, url);
    expect(cancelled.statusCode).toBe(200);
    expect(posPaymentSchema.parse(cancelled.json())).toMatchObject({ status: 'cancelled', cancelledAt: t.clock.now().toISOString() });
    expect(
      await t.app.customerPayments.retrieve({ companyId: demoId(), accountId: null, paymentId: (await t.posRow(demoId(), payment.id)).providerPaymentId }),
    ).toMatchObject({
      status: 'canceled',
    });
    const again = await t.getWithCsrf(admin, url);
    expect([again.statusCode, again.json().status]).toEqual([200, 'cancelled']);
    const lines = await t.db.asOwnerForTenant(demoId(), (tx) => tx.select().from(activityLog).where(eq(activityLog.entityId, payment.id)));
    expect(lines.map((line) => line.summary)).toEqual([IT_POS.activity.created('25,00 €', 'Consulenza'), IT_POS.activity.cancelled('25,00 €', 'Consulenza')]);
    // The customer's page no longer offers the card form.
    const view = await t.customer().get(`/api/pos/request?token=${t.tokenOf(payment)}`);
    expect(view.json()).toMatchObject({ status: 'cancelled', payment: null });
  });

  it('is 409 for an expired request, and for one already paid', async () => {
    const expiring = await t.created(admin);
    t.clock.advance(25 * HOUR_MS);
    const signedIn = await t.staff('admin');
    const expired = await t.getWithCsrf(signedIn, `/api/pos/payment/${expiring.id}/cancel`);
    expect([expired.statusCode, expired.json().message]).toEqual([409, IT_POS.alreadyExpired]);

    const paid = await t.created(signedIn);
    const view = (await t.customer().get(`/api/pos/request?token=${t.tokenOf(paid)}`)).json();
    expect((await t.pay(view.payment.clientSecret)).statusCode).toBe(200);
    const refused = await t.getWithCsrf(signedIn, `/api/pos/payment/${paid.id}/cancel`);
    expect([refused.statusCode, refused.json().message]).toEqual([409, IT_POS.alreadyPaid]);
    expect((await t.posRow(demoId(), paid.id)).status).toBe('paid');
  });
});

describe('GET and PUT /api/pos/settings', () => {
  it('reads the default, saves a choice that new requests expire by, and refuses what is out of range', async () => {
    // Signed in again: the suite's clock has moved on past the sessions' idle end.
    const signedIn = await t.staff('admin');
    expect((await signedIn.get('/api/pos/settings')).json()).toEqual({ expiryHours: 24 });
    for (const expiryHours of [0, 169, 2.5, '48']) {
      const refused = await signedIn.put('/api/pos/settings', { expiryHours });
      expect([refused.statusCode, refused.json().field, refused.json().message]).toEqual([400, 'expiryHours', IT_POS.expiryInvalid]);
    }
    expect(await t.db.asOwnerForTenant(demoId(), (tx) => tx.select().from(posSettings))).toEqual([]);
    const saved = await signedIn.put('/api/pos/settings', { expiryHours: 2 });
    expect(posSettingsSchema.parse(saved.json())).toEqual({ expiryHours: 2 });
    const payment = await t.created(signedIn);
    expect(Date.parse(payment.expiresAt) - Date.parse(payment.createdAt)).toBe(2 * HOUR_MS);
    // Acme keeps its own default; an operator may not read nor change it.
    expect((await (await t.staff('admin', 'acme.localhost')).get('/api/pos/settings')).json()).toEqual({ expiryHours: 24 });
    const operatorNow = await t.staff('operatore');
    const forbidden = await operatorNow.put('/api/pos/settings', { expiryHours: 5 });
    expect([forbidden.statusCode, forbidden.json().message]).toEqual([403, IT_MANAGEMENT.forbidden]);
  });
});
