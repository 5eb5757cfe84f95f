import { eq } from 'drizzle-orm';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { stripeEvents } from '../src/db/schema';
import { INBOX_LEASE_MS, INBOX_MAX_ATTEMPTS, StripeWebhookInbox, StripeWebhookWorker, retryDelayMs } from '../src/payments/stripe/webhook-inbox';
import { STRIPE_WEBHOOK_PATH, stripeWebhookRoutes } from '../src/payments/stripe/webhook-routes';
import type { BillingEventSink, GatewayEvent } from '../src/payments/subscription-gateway';
import { PERIOD_END, PERIOD_START, startStripeStub, stripeInvoice, stripeSubscription, stubGateway, type StripeStub } from './helpers/stripe-stub';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';

const SECRET = 'whsec_test_secret';
const DEMO = '0b6f3c1e-0000-4000-8000-00000000d3e0';
const ACME = '0b6f3c1e-0000-4000-8000-00000000ac3e';

/*
 * The webhook and its inbox: a delivery is verified, stored and answered; the effect comes when
 * the worker's round runs (by hand here, never a timer), each event once whatever the replays,
 * the order, the failures and the rounds racing.
 */

/**
 * The domain's side as the port describes it: each event id applied once, whatever the number of
 * calls. It keeps every call, to tell the inbox's own once-only from the sink's. `gate`, when set,
 * holds every call until it resolves (a round in progress).
 */
class RecordingSink implements BillingEventSink {
  readonly calls: GatewayEvent[] = [];
  readonly applied = new Map<string, GatewayEvent>();
  failNext = false;
  gate: Promise<void> | null = null;
  private waiters: { objectId: string; count: number; resolve: () => void }[] = [];

  /** Resolves once the domain has been asked `count` times about `objectId` (an event, not a timer). */
  asked(objectId: string, count: number): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.push({ objectId, count, resolve });
      this.notify();
    });
  }

  async apply(event: GatewayEvent): Promise<'applied' | 'duplicate'> {
    this.calls.push(event);
    this.notify();
    if (this.gate) await this.gate;
    if (this.failNext) {
      this.failNext = false;
      throw new Error('the domain failed half-way');
    }
    if (this.applied.has(event.id)) return 'duplicate';
    this.applied.set(event.id, event);
    return 'applied';
  }

  private notify(): void {
    const count = (objectId: string) => this.calls.filter((call) => call.id.includes(objectId)).length;
    const ready = this.waiters.filter((waiter) => count(waiter.objectId) >= waiter.count);
    this.waiters = this.waiters.filter((waiter) => !ready.includes(waiter));
    for (const waiter of ready) waiter.resolve();
  }
}

let t: TestApp;
let stub: StripeStub;
let sink: RecordingSink;
/** The worker's rounds of this process, and of a second one (the same database). */
let inbox: StripeWebhookInbox;
let otherInbox: StripeWebhookInbox;
let worker: StripeWebhookWorker;
/** Whether a stored event wakes the worker (only the wake-up's own test: the others run rounds by hand). */
let wakeOnStore = false;

beforeAll(async () => {
  stub = await startStripeStub();
  const gateway = stubGateway(stub);
  sink = new RecordingSink();
  t = await startTestApp({
    extend: (app) => {
      const deps = { db: app.db, clock: () => t.clock.now(), stripe: gateway, sink, vatRate: 22, log: app.log };
      inbox = new StripeWebhookInbox(deps);
      otherInbox = new StripeWebhookInbox(deps);
      worker = new StripeWebhookWorker({ inbox, log: app.log });
      void app.register(stripeWebhookRoutes, {
        stripe: gateway,
        webhookSecret: SECRET,
        inbox,
        onStored: () => {
          if (wakeOnStore) worker.wake();
        },
        now: () => t.clock.now(),
      });
    },
  });
}, START_TIMEOUT_MS);
afterAll(async () => {
  await t.close();
  await stub.close();
});

let sequence = 0;
beforeEach(() => {
  sequence += 1;
});

/** A unique id per test, so the suite's events never meet across tests. */
const unique = (prefix: string) => `${prefix}_${sequence}`;

function event(id: string, type: string, object: Record<string, unknown>) {
  return { id, object: 'event', api_version: '2026-10-28.endive', created: PERIOD_START, livemode: false, type, data: { object } };
}

function deliver(body: unknown, options: { secret?: string; timestamp?: number; tamper?: boolean; signature?: string | null } = {}) {
  const payload = JSON.stringify(body);
  const header =
    options.signature === undefined
      ? stubGateway(stub).stripe.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? SECRET,
          timestamp: options.timestamp ?? Math.floor(t.clock.now().getTime() / 1000),
        })
      : options.signature;
  return t.app.inject({
    method: 'POST',
    url: STRIPE_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json; charset=utf-8', ...(header === null ? {} : { 'stripe-signature': header }) },
    payload: options.tamper ? payload.replace('"livemode":false', '"livemode":true') : payload,
  });
}

const recorded = async () => (await t.db.asOwner((tx) => tx.select({ id: stripeEvents.id }).from(stripeEvents))).map((row) => row.id);
const stored = async (id: string) => (await t.db.asOwner((tx) => tx.select().from(stripeEvents).where(eq(stripeEvents.id, id))))[0];
/** The worker's round, run by hand. */
const round = () => inbox.round();
const callsFor = (objectId: string) => sink.calls.filter((call) => call.id.includes(objectId));
const MINUTE = 60_000;

/** The stub's invoice `id`, paid on the Pro plan for Demo's period. */
function paidInvoice(id: string, status = 'paid') {
  return stripeInvoice({ id, status, companyId: DEMO, lines: [{ amount: 7900, price: 'price_pro' }], attemptCount: 2 });
}

describe('POST /api/stripe/webhook', () => {
  it('stores a signed invoice.paid and answers at once; the round applies it from the invoice re-read at Stripe', async () => {
    const invoiceId = unique('in_paid');
    stub.on(`GET /v1/invoices/${invoiceId}`, () => ({ body: paidInvoice(invoiceId) }));
    const evt = unique('evt_paid');
    // The event's own copy says "open": the worker must not believe it.
    const response = await deliver(event(evt, 'invoice.paid', { id: invoiceId, object: 'invoice', status: 'open', lines: { data: [] } }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    // Stored, due now, nothing asked of Stripe nor of the domain yet; only what processing needs of the object.
    expect(await stored(evt)).toMatchObject({
      type: 'invoice.paid',
      account: null,
      object: { id: invoiceId, object: 'invoice' },
      attempts: 0,
      nextAttemptAt: t.clock.now(),
      processedAt: null,
      lastError: null,
    });
    expect(stub.calls(`GET /v1/invoices/${invoiceId}`)).toHaveLength(0);
    expect(callsFor(invoiceId)).toHaveLength(0);

    expect(await round()).toMatchObject({ processed: expect.any(Number), failed: 0, gaveUp: 0 });
    const applied = sink.applied.get(`stripe:invoice.paid:${invoiceId}`);
    expect(applied).toEqual({
      kind: 'invoice.paid',
      id: `stripe:invoice.paid:${invoiceId}`,
      companyId: DEMO,
      providerChargeId: invoiceId,
      planId: 'pro',
      amount: { net: 7900, vat: 1738, total: 9638 },
      periodStart: new Date(PERIOD_START * 1000),
      periodEnd: new Date(PERIOD_END * 1000),
      paidAt: new Date((PERIOD_START + 60) * 1000),
    });
    const [read] = stub.calls(`GET /v1/invoices/${invoiceId}`);
    expect(read!.params).toMatchObject({ 'expand[0]': 'customer' });
    expect(await stored(evt)).toMatchObject({ attempts: 1, nextAttemptAt: null, processedAt: t.clock.now(), lastError: null });
    // Processed: the next round leaves it.
    await round();
    expect(callsFor(invoiceId)).toHaveLength(1);
  });

  it('each event replayed 5 times, then all again in reversed order: one row and one effect each', async () => {
    const paid = unique('in_replay_paid');
    const failed = unique('in_replay_failed');
    const subscription = unique('sub_replay');
    stub.on(`GET /v1/invoices/${paid}`, () => ({ body: paidInvoice(paid) }));
    stub.on(`GET /v1/invoices/${failed}`, () => ({
      body: {
        ...stripeInvoice({ id: failed, status: 'open', companyId: ACME, lines: [{ amount: 2900, price: 'price_basic' }], attemptCount: 3 }),
        payments: {
          object: 'list',
          data: [
            {
              id: 'inpay_1',
              object: 'invoice_payment',
              payment: {
                type: 'payment_intent',
                payment_intent: {
                  id: 'pi_1',
                  object: 'payment_intent',
                  last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' },
                },
              },
            },
          ],
        },
      },
    }));
    stub.on(`GET /v1/subscriptions/${subscription}`, () => ({
      body: stripeSubscription({ id: subscription, status: 'canceled', endedAt: PERIOD_END, companyId: ACME }),
    }));
    const events = [
      event(unique('evt_r1'), 'invoice.paid', { id: paid, object: 'invoice' }),
      event(unique('evt_r2'), 'invoice.payment_failed', { id: failed, object: 'invoice' }),
      event(unique('evt_r3'), 'customer.subscription.deleted', { id: subscription, object: 'subscription' }),
    ];
    const callsBefore = sink.calls.length;
    for (const body of events) for (let i = 0; i < 5; i += 1) expect((await deliver(body)).statusCode).toBe(200);
    await round();
    for (const body of [...events].reverse()) for (let i = 0; i < 5; i += 1) expect((await deliver(body)).statusCode).toBe(200);
    await round();
    // The inbox keeps each event once: the domain is asked once per event.
    expect(sink.calls.length - callsBefore).toBe(3);
    expect(stub.calls(`GET /v1/invoices/${paid}`)).toHaveLength(1);
    // The failure's reason is on the invoice's payments (an includable field) and their PaymentIntent.
    expect(stub.calls(`GET /v1/invoices/${failed}`)[0]!.params).toMatchObject({
      'expand[0]': 'customer',
      'expand[1]': 'payments',
      'expand[2]': 'payments.data.payment.payment_intent',
    });
    expect(sink.applied.get(`stripe:invoice.failed:${failed}:3`)).toMatchObject({
      kind: 'invoice.failed',
      companyId: ACME,
      planId: 'basic',
      amount: { net: 2900, vat: 638, total: 3538 },
      message: IT_BILLING.stripe.insufficientFunds,
    });
    expect(sink.applied.get(`stripe:subscription.ended:${subscription}`)).toEqual({
      kind: 'subscription.ended',
      id: `stripe:subscription.ended:${subscription}`,
      companyId: ACME,
      endedAt: new Date(PERIOD_END * 1000),
    });
    expect((await recorded()).filter((id) => events.some((e) => e.id === id))).toHaveLength(3);
    for (const body of events) expect(await stored(body.id)).toMatchObject({ attempts: 1, processedAt: t.clock.now() });
  });

  it('out of order: a failure that arrives after the invoice was paid changes nothing; paid and payment_succeeded are one payment', async () => {
    const invoiceId = unique('in_order');
    stub.on(`GET /v1/invoices/${invoiceId}`, () => ({ body: paidInvoice(invoiceId) }));
    const late = event(unique('evt_late_failure'), 'invoice.payment_failed', { id: invoiceId, object: 'invoice', status: 'open' });
    const succeeded = event(unique('evt_succeeded'), 'invoice.payment_succeeded', { id: invoiceId, object: 'invoice' });
    const paid = event(unique('evt_paid'), 'invoice.paid', { id: invoiceId, object: 'invoice' });
    for (const body of [paid, late, succeeded]) expect((await deliver(body)).statusCode).toBe(200);
    await round();
    const calls = callsFor(invoiceId);
    expect(calls.map((call) => call.kind)).toEqual(['invoice.paid', 'invoice.paid']);
    expect(new Set(calls.map((call) => call.id))).toEqual(new Set([`stripe:invoice.paid:${invoiceId}`]));
    expect([...sink.applied.keys()].filter((id) => id.includes(invoiceId))).toEqual([`stripe:invoice.paid:${invoiceId}`]);
    for (const body of [late, succeeded, paid]) expect((await stored(body.id))?.processedAt).toEqual(t.clock.now());
  });

  it('five parallel deliveries of one event: one row, one effect, every answer 200', async () => {
    const invoiceId = unique('in_parallel');
    stub.on(`GET /v1/invoices/${invoiceId}`, () => ({ body: paidInvoice(invoiceId) }));
    const body = event(unique('evt_parallel'), 'invoice.paid', { id: invoiceId, object: 'invoice' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await recorded()).filter((id) => id === body.id)).toHaveLength(1);
    await round();
    expect(callsFor(invoiceId)).toHaveLength(1);
    expect([...sink.applied.keys()].filter((id) => id.includes(invoiceId))).toHaveLength(1);
  });

  it('two workers racing (two rounds at once, as two processes would): each event applied by one of them, once', async () => {
    const invoices = [unique('in_race_a'), unique('in_race_b'), unique('in_race_c')];
    for (const invoiceId of invoices) stub.on(`GET /v1/invoices/${invoiceId}`, () => ({ body: paidInvoice(invoiceId) }));
    const events = invoices.map((invoiceId, i) => event(unique(`evt_race_${i}`), 'invoice.paid', { id: invoiceId, object: 'invoice' }));
    for (const body of events) expect((await deliver(body)).statusCode).toBe(200);
    const [first, second] = await Promise.all([inbox.round(), otherInbox.round()]);
    expect(first!.claimed + second!.claimed).toBeGreaterThanOrEqual(3);
    for (const invoiceId of invoices) {
      expect(callsFor(invoiceId)).toHaveLength(1);
      expect(stub.calls(`GET /v1/invoices/${invoiceId}`)).toHaveLength(1);
    }
    for (const body of events) expect(await stored(body.id)).toMatchObject({ attempts: 1, processedAt: t.clock.now() });
  });

  it('a round in progress holds its events (a lease): a second round meanwhile takes none; the lease over, they are due again', async () => {
    const invoiceId = unique('in_lease');
    stub.on(`GET /v1/invoices/${invoiceId}`, () => ({ body: paidInvoice(invoiceId) }));
    const body = event(unique('evt_lease'), 'invoice.paid', { id: invoiceId, object: 'invoice' });
    expect((await deliver(body)).statusCode).toBe(200);
    let release: () => void = () => undefined;
    sink.gate = new Promise((resolve) => (release = resolve));
    const holding = inbox.round();
    // The first round has it once the domain is asked; a second round now finds nothing of it.
    await sink.asked(invoiceId, 1);
    await otherInbox.round();
    expect(callsFor(invoiceId)).toHaveLength(1);
    expect(await stored(body.id)).toMatchObject({ attempts: 1, processedAt: null, nextAttemptAt: new Date(t.clock.now().getTime() + INBOX_LEASE_MS) });
    // A process that died holding it: after the lease, another round takes it (the sink applies the fact once).
    t.clock.advance(INBOX_LEASE_MS);
    const retaking = otherInbox.round();
    await sink.asked(invoiceId, 2);
    sink.gate = null;
    release();
    await Promise.all([holding, retaking]);
    expect([...sink.applied.keys()].filter((id) => id.includes(invoiceId))).toHaveLength(1);
    expect(await stored(body.id)).toMatchObject({ attempts: 2, processedAt: t.clock.now(), nextAttemptAt: null });
  });

  it.each([
    ['another secret', { secret: 'whsec_someone_else' }],
    ['no signature', { signature: null }],
    ['a garbled signature', { signature: 't=1,v1=abc' }],
    ['a body changed after signing', { tamper: true }],
    ['a signature older than 5 minutes', { timestamp: PERIOD_START - 301 }],
  ])('%s → 400 in Italian, nothing read nor stored', async (_, options) => {
    const invoiceId = unique('in_forged');
    stub.on(`GET /v1/invoices/${invoiceId}`, () => ({ body: paidInvoice(invoiceId) }));
    const body = event(unique('evt_forged'), 'invoice.paid', { id: invoiceId, object: 'invoice' });
    const response = await deliver(body, options);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, message: IT_BILLING.stripe.webhookSignatureInvalid });
    expect(await recorded()).not.toContain(body.id);
    await round();
    expect(stub.calls(`GET /v1/invoices/${invoiceId}`)).toHaveLength(0);
    expect(callsFor(invoiceId)).toHaveLength(0);
  });

  it("takes the company from the customer when the invoice's subscription names none", async () => {
    const invoiceId = unique('in_customer');
    stub.on(`GET /v1/invoices/${invoiceId}`, () => ({
      body: stripeInvoice({ id: invoiceId, companyId: null, customerMetadata: { company_id: ACME }, lines: [{ amount: 2900, price: 'price_basic' }] }),
    }));
    expect((await deliver(event(unique('evt_customer'), 'invoice.paid', { id: invoiceId, object: 'invoice' }))).statusCode).toBe(200);
    await round();
    expect(sink.applied.get(`stripe:invoice.paid:${invoiceId}`)).toMatchObject({ companyId: ACME, planId: 'basic' });
  });

  it.each([
    ['names no company of ours', { companyId: 'company-1' }],
    ['charges a price no plan is sold at', { lines: [{ amount: 1000, price: 'price_elsewhere' }] }],
  ])('an invoice that %s is acknowledged, processed and not applied', async (_, fields) => {
    const invoiceId = unique('in_foreign');
    stub.on(`GET /v1/invoices/${invoiceId}`, () => ({
      body: stripeInvoice({ id: invoiceId, companyId: DEMO, lines: [{ amount: 2900, price: 'price_basic' }], ...fields }),
    }));
    const body = event(unique('evt_foreign'), 'invoice.paid', { id: invoiceId, object: 'invoice' });
    expect((await deliver(body)).statusCode).toBe(200);
    await round();
    expect(callsFor(invoiceId)).toHaveLength(0);
    expect(await stored(body.id)).toMatchObject({ processedAt: t.clock.now(), lastError: null });
  });

  it('an event of another type is acknowledged and processed, nothing asked of Stripe nor of the domain', async () => {
    const body = event(unique('evt_other'), 'customer.created', { id: 'cus_x', object: 'customer' });
    expect((await deliver(body)).statusCode).toBe(200);
    const requestsBefore = stub.requests.length;
    const callsBefore = sink.calls.length;
    await round();
    expect(stub.requests.length).toBe(requestsBefore);
    expect(sink.calls.length).toBe(callsBefore);
    expect(await stored(body.id)).toMatchObject({ type: 'customer.created', object: { id: 'cus_x', object: 'customer' }, processedAt: t.clock.now() });
  });

  it('a domain that fails half-way: kept with its error, tried again after a minute, then applied once', async () => {
    const invoiceId = unique('in_crash');
    stub.on(`GET /v1/invoices/${invoiceId}`, () => ({ body: paidInvoice(invoiceId) }));
    const body = event(unique('evt_crash'), 'invoice.paid', { id: invoiceId, object: 'invoice' });
    expect((await deliver(body)).statusCode).toBe(200);
    sink.failNext = true;
    expect(await round()).toMatchObject({ failed: 1 });
    expect(await stored(body.id)).toMatchObject({
      attempts: 1,
      processedAt: null,
      lastError: 'the domain failed half-way',
      nextAttemptAt: new Date(t.clock.now().getTime() + MINUTE),
    });
    // Not due before its time.
    await round();
    expect(callsFor(invoiceId)).toHaveLength(1);
    t.clock.advance(MINUTE);
    await round();
    expect(callsFor(invoiceId)).toHaveLength(2);
    expect(sink.applied.has(`stripe:invoice.paid:${invoiceId}`)).toBe(true);
    expect(await stored(body.id)).toMatchObject({ attempts: 2, processedAt: t.clock.now(), nextAttemptAt: null, lastError: null });
  });

  it('a Stripe answering 500: tried again with a doubling backoff, then applied once it answers', async () => {
    const invoiceId = unique('in_down');
    stub.on(`GET /v1/invoices/${invoiceId}`, () => ({ body: paidInvoice(invoiceId) }));
    stub.once(
      `GET /v1/invoices/${invoiceId}`,
      { status: 500, body: { error: { type: 'api_error', message: 'down' } }, headers: { 'stripe-should-retry': 'false' } },
      2,
    );
    const body = event(unique('evt_down'), 'invoice.paid', { id: invoiceId, object: 'invoice' });
    expect((await deliver(body)).statusCode).toBe(200);
    await round();
    expect(await stored(body.id)).toMatchObject({ attempts: 1, processedAt: null, nextAttemptAt: new Date(t.clock.now().getTime() + MINUTE) });
    expect((await stored(body.id))?.lastError).toEqual(expect.any(String));
    t.clock.advance(MINUTE);
    await round();
    expect(await stored(body.id)).toMatchObject({ attempts: 2, processedAt: null, nextAttemptAt: new Date(t.clock.now().getTime() + 2 * MINUTE) });
    t.clock.advance(MINUTE);
    await round();
    expect(stub.calls(`GET /v1/invoices/${invoiceId}`)).toHaveLength(2);
    t.clock.advance(MINUTE);
    await round();
    expect(stub.calls(`GET /v1/invoices/${invoiceId}`)).toHaveLength(3);
    expect(callsFor(invoiceId)).toHaveLength(1);
    expect(await stored(body.id)).toMatchObject({ attempts: 3, processedAt: t.clock.now(), lastError: null });
  });

  it(`gives up after ${INBOX_MAX_ATTEMPTS} tries, the row kept with its error; the backoff is capped at an hour`, async () => {
    expect([1, 2, 3, 6, 7, 8, 29].map((attempts) => retryDelayMs(attempts) / MINUTE)).toEqual([1, 2, 4, 32, 60, 60, 60]);
    const invoiceId = unique('in_never');
    stub.on(`GET /v1/invoices/${invoiceId}`, () => ({
      status: 500,
      body: { error: { type: 'api_error', message: 'down' } },
      headers: { 'stripe-should-retry': 'false' },
    }));
    const body = event(unique('evt_never'), 'invoice.paid', { id: invoiceId, object: 'invoice' });
    expect((await deliver(body)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= INBOX_MAX_ATTEMPTS; attempt += 1) {
      await round();
      t.clock.advance(60 * MINUTE);
    }
    expect(stub.calls(`GET /v1/invoices/${invoiceId}`)).toHaveLength(INBOX_MAX_ATTEMPTS);
    expect(await stored(body.id)).toMatchObject({ attempts: INBOX_MAX_ATTEMPTS, processedAt: null, nextAttemptAt: null, lastError: expect.any(String) });
    await round();
    expect(stub.calls(`GET /v1/invoices/${invoiceId}`)).toHaveLength(INBOX_MAX_ATTEMPTS);
  });

  it('an object Stripe no longer has is processed and not applied', async () => {
    const invoiceId = unique('in_deleted');
    stub.on(`GET /v1/invoices/${invoiceId}`, () => ({
      status: 404,
      body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such invoice' } },
    }));
    const body = event(unique('evt_deleted'), 'invoice.paid', { id: invoiceId, object: 'invoice' });
    expect((await deliver(body)).statusCode).toBe(200);
    await round();
    expect(stub.calls(`GET /v1/invoices/${invoiceId}`)).toHaveLength(1);
    expect(callsFor(invoiceId)).toHaveLength(0);
    expect(await stored(body.id)).toMatchObject({ processedAt: t.clock.now() });
  });

  it('wakes the worker once stored: the effect follows without a round by hand; closing awaits the round in progress', async () => {
    const invoiceId = unique('in_woken');
    stub.on(`GET /v1/invoices/${invoiceId}`, () => ({ body: paidInvoice(invoiceId) }));
    const body = event(unique('evt_woken'), 'invoice.paid', { id: invoiceId, object: 'invoice' });
    wakeOnStore = true;
    try {
      let release: () => void = () => undefined;
      sink.gate = new Promise((resolve) => (release = resolve));
      expect((await deliver(body)).statusCode).toBe(200);
      // Answered before the domain was asked: the worker runs after the answer.
      await sink.asked(invoiceId, 1);
      expect(await stored(body.id)).toMatchObject({ processedAt: null });
      const closing = worker.close();
      sink.gate = null;
      release();
      await closing;
      expect(await stored(body.id)).toMatchObject({ processedAt: t.clock.now() });
      expect(sink.applied.has(`stripe:invoice.paid:${invoiceId}`)).toBe(true);
    } finally {
      wakeOnStore = false;
    }
  });

  it.each([
    ['no body at all', {}, undefined],
    ['a form body', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1'],
  ])('%s, signed or not, is a 400 and nothing else', async (_, headers: Record<string, string>, payload: string | undefined) => {
    const before = (await recorded()).length;
    const response = await t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { ...headers, 'stripe-signature': 't=1,v1=00' }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: IT_BILLING.stripe.webhookSignatureInvalid });
    expect(await recorded()).toHaveLength(before);
  });

  it('refuses a body over 1 MiB before reading it', async () => {
    const body = event(unique('evt_big'), 'customer.created', { id: 'cus_big', object: 'customer', padding: 'x'.repeat(1024 * 1024) });
    const response = await deliver(body);
    expect(response.statusCode).toBe(413);
    expect(await recorded()).not.toContain(body.id);
  });
});
