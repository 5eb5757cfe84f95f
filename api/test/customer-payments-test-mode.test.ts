import { eq } from 'drizzle-orm';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { IT_CUSTOMER_PAYMENTS } from '@incontra/contracts/messages/it-customer-payments';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { paymentAccountSchema } from '@incontra/contracts/api/customer-payments';
import { testAuthenticationSchema, testPayAnswerSchema } from '@incontra/contracts/api/test-payments';
import { testCustomerPayments, testCustomerRefunds } from '../src/db/schema';
import { CustomerPaymentEventRouter } from '../src/payments/customer-payment-events';
import type { CreateCustomerPayment, CustomerPaymentEvent } from '../src/payments/customer-payments';
import { dispatchAfterCommit } from '../src/payments/test-mode/customer-gateway';
import { movePayablePayment } from '../src/payments/test-mode/customer-repository';
import { startBillingApp, type BillingTestApp } from './helpers/billing';
import { START_TIMEOUT_MS } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

/*
 * The customer payment port in the built-in test mode: payments created by a domain (here the
 * tests, as the point of sale would), paid by the customer on POST /api/payments/test/pay with
 * Stripe's public test cards, canceled and refunded; the events reach the router once, after the
 * commit. And the admins' GET /api/payments/account and POST /api/payments/account/onboarding.
 */

let t: BillingTestApp;
let dispatched: CustomerPaymentEvent[];
let nextIp = 1;
beforeAll(async () => {
  t = await startBillingApp();
  // The router's dispatch, recorded (the domains' handlers are not what is tested here).
  jest.spyOn(t.app.customerPaymentEvents, 'dispatch').mockImplementation(async (event) => {
    dispatched.push(event);
  });
}, START_TIMEOUT_MS);
beforeEach(() => {
  dispatched = [];
});
afterAll(() => t.close());

/** A customer's browser on the company's site, on an address of its own (the form is rate limited). */
async function customer(host = 'demo.localhost'): Promise<TestClient> {
  nextIp += 1;
  const browser = new TestClient(t.app, host, `10.30.${Math.floor(nextIp / 250)}.${nextIp % 250}`);
  await browser.get('/api/me'); // the CSRF cookie a page of the site gives
  return browser;
}

let nextKey = 1;
function create(overrides: Partial<CreateCustomerPayment> = {}) {
  nextKey += 1;
  return t.app.customerPayments.create({
    companyId: t.demoId,
    purpose: 'pos',
    reference: `request-${nextKey}`,
    amount: 2500,
    description: 'Consulenza',
    receiptEmail: 'cliente@example.com',
    idempotencyKey: `pos:test:${nextKey}`,
    ...overrides,
  });
}

const card = (clientSecret: string, cardNumber = '4242 4242 4242 4242', returnTo = '/pagamento/abc') => ({
  clientSecret,
  cardNumber,
  expiry: '12/30',
  cvc: '123',
  returnTo,
});

const paymentRows = (companyId: string) =>
  t.db.asOwnerForTenant(companyId, (tx) => tx.select().from(testCustomerPayments).where(eq(testCustomerPayments.companyId, companyId)));

const rowOf = async (companyId: string, id: string) => (await paymentRows(companyId)).find((row) => row.id === id);

describe('create', () => {
  it('is idempotent by key: the same payment and secret, one row', async () => {
    const first = await create();
    const other = await create();
    expect(other.paymentId).not.toBe(first.paymentId);
    expect(other.clientSecret).not.toBe(first.clientSecret);
    const replayInput = {
      companyId: t.demoId,
      purpose: 'pos' as const,
      reference: 'request-r',
      amount: 1234,
      description: 'X',
      receiptEmail: null,
      idempotencyKey: 'pos:replay',
    };
    const replays = await Promise.all([1, 2, 3].map(() => t.app.customerPayments.create(replayInput)));
    expect(new Set(replays.map((r) => r.paymentId)).size).toBe(1);
    expect(new Set(replays.map((r) => r.clientSecret)).size).toBe(1);
    expect(replays[0]).toEqual({
      companyId: t.demoId,
      accountId: null,
      paymentId: expect.any(String),
      clientSecret: expect.stringMatching(/^tcps_\w+_secret_[\w-]+$/),
      publishableKey: null,
      stripeAccount: null,
    });
    const rows = (await paymentRows(t.demoId)).filter((row) => row.idempotencyKey === 'pos:replay');
    expect(rows).toHaveLength(1);
    // Only the secret's hash is kept.
    expect(JSON.stringify(rows)).not.toContain(replays[0]!.clientSecret);
    await expect(t.app.customerPayments.create({ ...replayInput, amount: 999 })).rejects.toThrow(/another payment/);
    expect(await t.app.customerPayments.retrieve(replays[0]!)).toEqual({ status: 'pending', amountReceived: 0, amountRefunded: 0, paidAt: null, last4: null });
  });

  it('refuses amounts and texts out of bounds', async () => {
    await expect(create({ amount: 0 })).rejects.toThrow(RangeError);
    await expect(create({ amount: 12.5 })).rejects.toThrow(RangeError);
    await expect(create({ description: 'x'.repeat(501) })).rejects.toThrow(RangeError);
    await expect(create({ idempotencyKey: '' })).rejects.toThrow(RangeError);
  });
});

describe('POST /api/payments/test/pay', () => {
  it('pays with 4242: paid, last four digits, one event after the commit', async () => {
    const payment = await create();
    const response = await (await customer()).post('/api/payments/test/pay', card(payment.clientSecret));
    expect(response.statusCode).toBe(200);
    expect(testPayAnswerSchema.parse(response.json())).toEqual({ status: 'succeeded' });
    expect(await t.app.customerPayments.retrieve(payment)).toEqual({
      status: 'paid',
      amountReceived: 2500,
      amountRefunded: 0,
      paidAt: t.clock.now(),
      last4: '4242',
    });
    expect(dispatched).toEqual([
      {
        kind: 'payment.succeeded',
        id: `test:payment.succeeded:${payment.paymentId}`,
        purpose: 'pos',
        reference: expect.stringMatching(/^request-/),
        ref: { companyId: t.demoId, accountId: null, paymentId: payment.paymentId },
      },
    ]);
    // Paid once: a second card is refused and nothing is dispatched again.
    const again = await (await customer()).post('/api/payments/test/pay', card(payment.clientSecret, '5555 5555 5555 4444'));
    expect([again.statusCode, again.json().message]).toEqual([409, IT_CUSTOMER_PAYMENTS.alreadyPaid]);
    expect(dispatched).toHaveLength(1);
    expect(JSON.stringify(await paymentRows(t.demoId))).not.toContain('4242424242424242');
  });

  it('declines 0002 and 0341 (402, Italian message), failed and still payable by another card', async () => {
    const payment = await create({ purpose: 'appointment' });
    for (const number of ['4000 0000 0000 0002', '4000 0000 0000 0341']) {
      const declined = await (await customer()).post('/api/payments/test/pay', card(payment.clientSecret, number));
      expect([declined.statusCode, declined.json().field, declined.json().message]).toEqual([402, 'cardNumber', IT_CUSTOMER_PAYMENTS.cardDeclined]);
      expect(await t.app.customerPayments.retrieve(payment)).toMatchObject({ status: 'failed', amountReceived: 0 });
    }
    expect(dispatched.map((event) => [event.kind, event.purpose])).toEqual([
      ['payment.failed', 'appointment'],
      ['payment.failed', 'appointment'],
    ]);
    expect(new Set(dispatched.map((event) => event.id)).size).toBe(2);
    const paid = await (await customer()).post('/api/payments/test/pay', card(payment.clientSecret));
    expect(paid.json()).toEqual({ status: 'succeeded' });
    expect(await t.app.customerPayments.retrieve(payment)).toMatchObject({ status: 'paid', amountReceived: 2500 });
  });

  it('refuses each bad field (400, its message) and changes nothing', async () => {
    const payment = await create();
    const M = IT_BILLING.testMode;
    const cases: [Partial<ReturnType<typeof card>>, string, string][] = [
      [{ cardNumber: '4242 4242 4242 4241' }, 'cardNumber', M.cardNumberInvalid],
      [{ expiry: '02/26' }, 'expiry', M.expiryInvalid],
      [{ cvc: '1' }, 'cvc', M.cvcInvalid],
      [{ clientSecret: '' }, 'clientSecret', M.secretInvalid],
      [{ returnTo: '//evil.example/x' }, 'returnTo', IT_CUSTOMER_PAYMENTS.returnToInvalid],
      [{ returnTo: 'https://evil.example/' }, 'returnTo', IT_CUSTOMER_PAYMENTS.returnToInvalid],
      [{ returnTo: '/\\evil.example' }, 'returnTo', IT_CUSTOMER_PAYMENTS.returnToInvalid],
      [{ returnTo: 'pagamento' }, 'returnTo', IT_CUSTOMER_PAYMENTS.returnToInvalid],
      [{ returnTo: `/${'a'.repeat(600)}` }, 'returnTo', IT_CUSTOMER_PAYMENTS.returnToInvalid],
    ];
    const browser = await customer();
    for (const [change, field, message] of cases) {
      const response = await browser.post('/api/payments/test/pay', { ...card(payment.clientSecret), ...change });
      expect([response.statusCode, response.json().field, response.json().message]).toEqual([400, field, message]);
    }
    const unknown = await browser.post('/api/payments/test/pay', card('tcps_nope_secret_x'));
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, IT_CUSTOMER_PAYMENTS.paymentNotFound]);
    expect((await rowOf(t.demoId, payment.paymentId))!.status).toBe('pending');
    expect(dispatched).toEqual([]);
  });

  it("refuses another company's secret on this company's site (404), leaving it pending", async () => {
    const acmePayment = await create({ companyId: t.acmeId });
    const elsewhere = await (await customer('demo.localhost')).post('/api/payments/test/pay', card(acmePayment.clientSecret));
    expect([elsewhere.statusCode, elsewhere.json().message]).toEqual([404, IT_CUSTOMER_PAYMENTS.paymentNotFound]);
    expect(await t.app.customerPayments.retrieve(acmePayment)).toMatchObject({ status: 'pending' });
    // Nor does the port read it under another company.
    await expect(t.app.customerPayments.retrieve({ ...acmePayment, companyId: t.demoId })).rejects.toMatchObject({ statusCode: 404 });
    await expect(t.app.customerPayments.cancel({ ...acmePayment, companyId: t.demoId })).rejects.toMatchObject({ statusCode: 404 });
    expect(await t.app.customerPayments.retrieve(acmePayment)).toMatchObject({ status: 'pending' });
    const home = await (await customer('acme.localhost')).post('/api/payments/test/pay', card(acmePayment.clientSecret));
    expect(home.json()).toEqual({ status: 'succeeded' });
  });

  it('pays once when the same secret is paid in parallel: one 200, the others 409, one event', async () => {
    const payment = await create();
    const browsers = await Promise.all([1, 2, 3, 4].map(() => customer()));
    const answers = await Promise.all(browsers.map((browser) => browser.post('/api/payments/test/pay', card(payment.clientSecret))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(dispatched.filter((event) => event.kind === 'payment.succeeded')).toHaveLength(1);
    expect(await t.app.customerPayments.retrieve(payment)).toMatchObject({ status: 'paid', amountReceived: 2500 });
  });
});

describe('the authentication card (4000 0025 0000 3155)', () => {
  async function authenticate(amount = 12_200) {
    const payment = await create({ amount });
    const browser = await customer();
    const response = await browser.post('/api/payments/test/pay', card(payment.clientSecret, '4000 0025 0000 3155', '/pagamento/tok123'));
    const answer = testPayAnswerSchema.parse(response.json());
    if (answer.status !== 'requires_action') throw new Error('expected requires_action');
    return { payment, browser, answer, url: `/api/payments/test/authentication/${answer.token}` };
  }

  it('is paid once approved on the confirmation page, which names the company and leads back', async () => {
    const { payment, browser, answer, url } = await authenticate();
    expect(answer.authenticationUrl).toBe(`/pagamento/autenticazione/${answer.token}`);
    expect(await t.app.customerPayments.retrieve(payment)).toMatchObject({ status: 'pending', amountReceived: 0 });
    expect(dispatched).toEqual([]);
    const page = testAuthenticationSchema.parse((await browser.get(url)).json());
    expect(page).toEqual({
      status: 'pending',
      merchant: 'Demo',
      last4: '3155',
      amount: { net: 10_000, vat: 2_200, total: 12_200 },
      returnTo: '/pagamento/tok123',
    });
    // Another company's site does not know it.
    expect((await (await customer('acme.localhost')).post(url, { approve: true })).statusCode).toBe(404);

    expect((await browser.post(url, { approve: true })).json()).toMatchObject({ status: 'succeeded', returnTo: '/pagamento/tok123' });
    expect(await t.app.customerPayments.retrieve(payment)).toMatchObject({ status: 'paid', amountReceived: 12_200, last4: '3155' });
    expect(dispatched.map((event) => [event.kind, event.ref.paymentId])).toEqual([['payment.succeeded', payment.paymentId]]);
    expect((await browser.post(url, { approve: false })).statusCode).toBe(409);
    expect(await t.app.customerPayments.retrieve(payment)).toMatchObject({ status: 'paid' });
    expect(dispatched).toHaveLength(1);
  });

  it('fails when refused, and another card may pay then', async () => {
    const { payment, browser, url } = await authenticate();
    expect((await browser.post(url, { approve: false })).json()).toMatchObject({ status: 'failed' });
    expect(await t.app.customerPayments.retrieve(payment)).toMatchObject({ status: 'failed', amountReceived: 0 });
    expect(dispatched.map((event) => event.kind)).toEqual(['payment.failed']);
    expect((await browser.post('/api/payments/test/pay', card(payment.clientSecret))).json()).toEqual({ status: 'succeeded' });
    expect(await t.app.customerPayments.retrieve(payment)).toMatchObject({ status: 'paid', last4: '4242' });
  });

  it('an old authentication approved after another card paid changes nothing', async () => {
    const { payment, browser, url } = await authenticate();
    expect((await browser.post('/api/payments/test/pay', card(payment.clientSecret))).json()).toEqual({ status: 'succeeded' });
    await browser.post(url, { approve: true });
    expect(await t.app.customerPayments.retrieve(payment)).toMatchObject({ status: 'paid', last4: '4242' });
    expect(dispatched.filter((event) => event.kind === 'payment.succeeded')).toHaveLength(1);
  });
});

describe('cancel', () => {
  it('cancels a pending payment (idempotent), which can no longer be paid; a paid one stays paid', async () => {
    const payment = await create();
    expect(await t.app.customerPayments.cancel(payment)).toMatchObject({ status: 'canceled' });
    expect(await t.app.customerPayments.cancel(payment)).toMatchObject({ status: 'canceled' });
    const late = await (await customer()).post('/api/payments/test/pay', card(payment.clientSecret));
    expect([late.statusCode, late.json().message]).toEqual([409, IT_CUSTOMER_PAYMENTS.notPayable]);

    const paid = await create();
    await (await customer()).post('/api/payments/test/pay', card(paid.clientSecret));
    expect(await t.app.customerPayments.cancel(paid)).toMatchObject({ status: 'paid', amountReceived: 2500 });
  });
});

describe('refund', () => {
  it('refunds partly then the rest, once per key, never more than received', async () => {
    const payment = await create({ amount: 5000 });
    await expect(t.app.customerPayments.refund({ ref: payment, idempotencyKey: 'r0' })).rejects.toMatchObject({
      statusCode: 409,
      message: IT_CUSTOMER_PAYMENTS.notRefundable,
    });
    await (await customer()).post('/api/payments/test/pay', card(payment.clientSecret));
    dispatched = [];

    expect(await t.app.customerPayments.refund({ ref: payment, amount: 1500, idempotencyKey: 'r1' })).toMatchObject({
      status: 'paid',
      amountReceived: 5000,
      amountRefunded: 1500,
    });
    // The same key again: the same refund, not a second one.
    const replays = await Promise.all([1, 2, 3].map(() => t.app.customerPayments.refund({ ref: payment, amount: 1500, idempotencyKey: 'r1' })));
    expect(replays.map((state) => state.amountRefunded)).toEqual([1500, 1500, 1500]);
    await expect(t.app.customerPayments.refund({ ref: payment, amount: 3501, idempotencyKey: 'r2' })).rejects.toMatchObject({
      statusCode: 409,
      message: IT_CUSTOMER_PAYMENTS.refundTooLarge,
    });
    await expect(t.app.customerPayments.refund({ ref: payment, amount: 0, idempotencyKey: 'r2' })).rejects.toMatchObject({ statusCode: 400 });
    expect(await t.app.customerPayments.refund({ ref: payment, idempotencyKey: 'r3' })).toMatchObject({ amountRefunded: 5000 });
    await expect(t.app.customerPayments.refund({ ref: payment, idempotencyKey: 'r4' })).rejects.toMatchObject({
      statusCode: 409,
      message: IT_CUSTOMER_PAYMENTS.refundTooLarge,
    });
    expect(await t.app.customerPayments.retrieve(payment)).toMatchObject({ status: 'paid', amountReceived: 5000, amountRefunded: 5000 });

    const refunds = await t.db.asOwnerForTenant(t.demoId, (tx) =>
      tx.select().from(testCustomerRefunds).where(eq(testCustomerRefunds.paymentId, payment.paymentId)),
    );
    expect(refunds.map((row) => [row.idempotencyKey, row.amount]).sort()).toEqual([
      ['r1', 1500],
      ['r3', 3500],
    ]);
    expect(dispatched.map((event) => event.kind)).toEqual(['payment.refunded', 'payment.refunded']);
    expect(new Set(dispatched.map((event) => event.id)).size).toBe(2);
  });

  it('refunds in full in parallel with different keys: what was received, no more', async () => {
    const payment = await create({ amount: 3000 });
    await (await customer()).post('/api/payments/test/pay', card(payment.clientSecret));
    const results = await Promise.allSettled([1, 2, 3].map((n) => t.app.customerPayments.refund({ ref: payment, amount: 1000 + n, idempotencyKey: `p${n}` })));
    const done = results.filter((result) => result.status === 'fulfilled').length;
    expect(done).toBe(2);
    const state = await t.app.customerPayments.retrieve(payment);
    expect(state.amountRefunded).toBeLessThanOrEqual(3000);
    expect(state.amountRefunded).toBeGreaterThan(2000);
  });
});

describe('events after the commit', () => {
  it('never dispatches an event registered in a transaction that rolls back', async () => {
    const payment = await create();
    await expect(
      t.db.withTenant(t.demoId, async (tx) => {
        const row = await movePayablePayment(tx, t.demoId, payment.paymentId, { status: 'paid', last4: '4242', paidAt: t.clock.now() });
        dispatchAfterCommit(tx, t.app.customerPaymentEvents, row!, 'payment.succeeded', 'rolled-back');
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(dispatched).toEqual([]);
    expect(await t.app.customerPayments.retrieve(payment)).toMatchObject({ status: 'pending' });
  });

  it('the router hands an event to its purpose handler, and drops one without a handler', async () => {
    const warnings: unknown[] = [];
    const router = new CustomerPaymentEventRouter({ warn: (...args: unknown[]) => warnings.push(args) } as never);
    const heard: string[] = [];
    router.on('pos', async (event) => {
      heard.push(event.id);
    });
    expect(() => router.on('pos', async () => {})).toThrow(/already/);
    const ref = { companyId: t.demoId, accountId: null, paymentId: 'x' };
    await router.dispatch({ kind: 'payment.succeeded', id: 'e1', purpose: 'pos', reference: 'r', ref });
    await router.dispatch({ kind: 'payment.succeeded', id: 'e2', purpose: 'appointment', reference: 'r', ref });
    expect(heard).toEqual(['e1']);
    expect(warnings).toHaveLength(1);
  });
});

describe('the account (admins)', () => {
  it('is always ready in test mode; onboarding is a 409; operators are refused', async () => {
    const admin = await t.staff('admin');
    const account = await admin.get('/api/payments/account');
    expect(paymentAccountSchema.parse(account.json())).toEqual({ paymentMode: 'test', canTakePayments: true, accountId: null, detailsSubmitted: true });
    const onboarding = await admin.post('/api/payments/account/onboarding');
    expect([onboarding.statusCode, onboarding.json().message]).toEqual([409, IT_CUSTOMER_PAYMENTS.noOnboardingInTestMode]);
    const operator = await t.staff('operatore');
    for (const response of [await operator.get('/api/payments/account'), await operator.post('/api/payments/account/onboarding')]) {
      expect([response.statusCode, response.json().message]).toEqual([403, IT_MANAGEMENT.forbidden]);
    }
  });
});
