import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { stripeEvents } from '../src/db/schema';
import { STRIPE_WEBHOOK_PATH, stripeWebhookRoutes } from '../src/payments/stripe/webhook-routes';
import type { BillingEventSink, GatewayEvent } from '../src/payments/subscription-gateway';
import { PERIOD_END, PERIOD_START, startStripeStub, stripeInvoice, stripeSubscription, stubGateway, type StripeStub } from './helpers/stripe-stub';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';

const SECRET = 'whsec_test_secret';
const DEMO = '0b6f3c1e-0000-4000-8000-00000000d3e0';
const ACME = '0b6f3c1e-0000-4000-8000-00000000ac3e';

/**
 * The domain's side as the port describes it: each event id applied once, whatever the number of
 * calls. It keeps every call, to tell the route's own duplicate check from the sink's.
 */
class RecordingSink implements BillingEventSink {
  readonly calls: GatewayEvent[] = [];
  readonly applied = new Map<string, GatewayEvent>();
  failNext = false;

  async apply(event: GatewayEvent): Promise<'applied' | 'duplicate'> {
    this.calls.push(event);
    if (this.failNext) {
      this.failNext = false;
      throw new Error('the domain failed half-way');
    }
    if (this.applied.has(event.id)) return 'duplicate';
    this.applied.set(event.id, event);
    return 'applied';
  }
}

let t: TestApp;
let stub: StripeStub;
let sink: RecordingSink;

beforeAll(async () => {
  stub = await startStripeStub();
  const gateway = stubGateway(stub);
  sink = new RecordingSink();
  t = await startTestApp({
    extend: (app) =>
      void app.register(stripeWebhookRoutes, { stripe: gateway, webhookSecret: SECRET, sink, db: app.db, vatRate: 22, now: () => t.clock.now() }),
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

/** The stub's invoice `id`, paid on the Pro plan for Demo's period. */
function paidInvoice(id: string, status = 'paid') {
  return stripeInvoice({ id, status, companyId: DEMO, lines: [{ amount: 7900, price: 'price_pro' }], attemptCount: 2 });
}

describe('POST /api/stripe/webhook', () => {
  it('applies a signed invoice.paid once, from the invoice re-read at Stripe', async () => {
    const invoiceId = unique('in_paid');
    stub.on(`GET /v1/invoices/${invoiceId}`, () => ({ body: paidInvoice(invoiceId) }));
    const evt = unique('evt_paid');
    // The event's own copy says "open": the route must not believe it.
    const response = await deliver(event(evt, 'invoice.paid', { id: invoiceId, object: 'invoice', status: 'open' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
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
    expect(await recorded()).toContain(evt);
  });

  it('each event replayed 5 times, then all again in reversed order: one effect each', async () => {
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
    for (const body of [...events].reverse()) for (let i = 0; i < 5; i += 1) expect((await deliver(body)).statusCode).toBe(200);
    // The route's own record stops every redelivery before the domain.
    expect(sink.calls.length - callsBefore).toBe(3);
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
  });

  it('out of order: a failure that arrives after the invoice was paid changes nothing; paid and payment_succeeded are one payment', async () => {
    const invoiceId = unique('in_order');
    stub.on(`GET /v1/invoices/${invoiceId}`, () => ({ body: paidInvoice(invoiceId) }));
    const callsBefore = sink.calls.length;
    const late = event(unique('evt_late_failure'), 'invoice.payment_failed', { id: invoiceId, object: 'invoice', status: 'open' });
    const succeeded = event(unique('evt_succeeded'), 'invoice.payment_succeeded', { id: invoiceId, object: 'invoice' });
    const paid = event(unique('evt_paid'), 'invoice.paid', { id: invoiceId, object: 'invoice' });
    for (const body of [paid, late, succeeded]) expect((await deliver(body)).statusCode).toBe(200);
    const calls = sink.calls.slice(callsBefore);
    expect(calls.map((call) => call.kind)).toEqual(['invoice.paid', 'invoice.paid']);
    expect(new Set(calls.map((call) => call.id))).toEqual(new Set([`stripe:invoice.paid:${invoiceId}`]));
    expect([...sink.applied.keys()].filter((id) => id.includes(invoiceId))).toEqual([`stripe:invoice.paid:${invoiceId}`]);
    expect(await recorded()).toEqual(expect.arrayContaining([late.id, succeeded.id, paid.id]));
  });

  it('five parallel deliveries of one event: one effect, every answer 200', async () => {
    const invoiceId = unique('in_parallel');
    stub.on(`GET /v1/invoices/${invoiceId}`, () => ({ body: paidInvoice(invoiceId) }));
    const body = event(unique('evt_parallel'), 'invoice.paid', { id: invoiceId, object: 'invoice' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect([...sink.applied.keys()].filter((id) => id.includes(invoiceId))).toHaveLength(1);
    expect((await recorded()).filter((id) => id === body.id)).toHaveLength(1);
  });

  it.each([
    ['another secret', { secret: 'whsec_someone_else' }],
    ['no signature', { signature: null }],
    ['a garbled signature', { signature: 't=1,v1=abc' }],
    ['a body changed after signing', { tamper: true }],
    ['a signature older than 5 minutes', { timestamp: PERIOD_START - 301 }],
  ])('%s → 400 in Italian, nothing read nor recorded', async (_, options) => {
    const invoiceId = unique('in_forged');
    stub.on(`GET /v1/invoices/${invoiceId}`, () => ({ body: paidInvoice(invoiceId) }));
    const body = event(unique('evt_forged'), 'invoice.paid', { id: invoiceId, object: 'invoice' });
    const callsBefore = sink.calls.length;
    const response = await deliver(body, options);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, message: IT_BILLING.stripe.webhookSignatureInvalid });
    expect(stub.calls(`GET /v1/invoices/${invoiceId}`)).toHaveLength(0);
    expect(sink.calls.length).toBe(callsBefore);
    expect(await recorded()).not.toContain(body.id);
  });

  it("takes the company from the customer when the invoice's subscription names none", async () => {
    const invoiceId = unique('in_customer');
    stub.on(`GET /v1/invoices/${invoiceId}`, () => ({
      body: stripeInvoice({ id: invoiceId, companyId: null, customerMetadata: { company_id: ACME }, lines: [{ amount: 2900, price: 'price_basic' }] }),
    }));
    expect((await deliver(event(unique('evt_customer'), 'invoice.paid', { id: invoiceId, object: 'invoice' }))).statusCode).toBe(200);
    expect(sink.applied.get(`stripe:invoice.paid:${invoiceId}`)).toMatchObject({ companyId: ACME, planId: 'basic' });
  });

  it.each([
    ['names no company of ours', { companyId: 'company-1' }],
    ['charges a price no plan is sold at', { lines: [{ amount: 1000, price: 'price_elsewhere' }] }],
  ])('an invoice that %s is acknowledged, recorded and not applied', async (_, fields) => {
    const invoiceId = unique('in_foreign');
    stub.on(`GET /v1/invoices/${invoiceId}`, () => ({
      body: stripeInvoice({ id: invoiceId, companyId: DEMO, lines: [{ amount: 2900, price: 'price_basic' }], ...fields }),
    }));
    const callsBefore = sink.calls.length;
    const body = event(unique('evt_foreign'), 'invoice.paid', { id: invoiceId, object: 'invoice' });
    expect((await deliver(body)).statusCode).toBe(200);
    expect(sink.calls.length).toBe(callsBefore);
    expect(await recorded()).toContain(body.id);
  });

  it('an event of another type is acknowledged and recorded, nothing asked of Stripe nor of the domain', async () => {
    const requestsBefore = stub.requests.length;
    const callsBefore = sink.calls.length;
    const body = event(unique('evt_other'), 'customer.created', { id: 'cus_x', object: 'customer' });
    expect((await deliver(body)).statusCode).toBe(200);
    expect(stub.requests.length).toBe(requestsBefore);
    expect(sink.calls.length).toBe(callsBefore);
    expect(await recorded()).toContain(body.id);
  });

  it('a domain that fails half-way: 500, the event not recorded, and the redelivery applies it', async () => {
    const invoiceId = unique('in_crash');
    stub.on(`GET /v1/invoices/${invoiceId}`, () => ({ body: paidInvoice(invoiceId) }));
    const body = event(unique('evt_crash'), 'invoice.paid', { id: invoiceId, object: 'invoice' });
    sink.failNext = true;
    expect((await deliver(body)).statusCode).toBe(500);
    expect(await recorded()).not.toContain(body.id);
    expect((await deliver(body)).statusCode).toBe(200);
    expect(sink.applied.has(`stripe:invoice.paid:${invoiceId}`)).toBe(true);
    expect(await recorded()).toContain(body.id);
  });

  it('a Stripe that cannot be asked: 503, nothing recorded (Stripe delivers again)', async () => {
    const invoiceId = unique('in_down');
    stub.on(`GET /v1/invoices/${invoiceId}`, () => ({
      status: 500,
      body: { error: { type: 'api_error', message: 'down' } },
      headers: { 'stripe-should-retry': 'false' },
    }));
    const body = event(unique('evt_down'), 'invoice.paid', { id: invoiceId, object: 'invoice' });
    const response = await deliver(body);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ message: IT_BILLING.stripe.unavailable });
    expect(await recorded()).not.toContain(body.id);
  });

  it('an object Stripe no longer has is acknowledged and not applied', async () => {
    const invoiceId = unique('in_deleted');
    stub.on(`GET /v1/invoices/${invoiceId}`, () => ({
      status: 404,
      body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such invoice' } },
    }));
    const callsBefore = sink.calls.length;
    const body = event(unique('evt_deleted'), 'invoice.paid', { id: invoiceId, object: 'invoice' });
    expect((await deliver(body)).statusCode).toBe(200);
    expect(stub.calls(`GET /v1/invoices/${invoiceId}`)).toHaveLength(1);
    expect(sink.calls.length).toBe(callsBefore);
    expect(await recorded()).toContain(body.id);
  });

  it.each([
    ['no body at all', {}, undefined],
    ['a form body', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1'],
  ])('%s, signed or not, is a 400 and nothing else', async (_, headers: Record<string, string>, payload: string | undefined) => {
    const response = await t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { ...headers, 'stripe-signature': 't=1,v1=00' }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: IT_BILLING.stripe.webhookSignatureInvalid });
  });

  it('refuses a body over 1 MiB before reading it', async () => {
    const body = event(unique('evt_big'), 'customer.created', { id: 'cus_big', object: 'customer', padding: 'x'.repeat(1024 * 1024) });
    const response = await deliver(body);
    expect(response.statusCode).toBe(413);
    expect(await recorded()).not.toContain(body.id);
  });
});
