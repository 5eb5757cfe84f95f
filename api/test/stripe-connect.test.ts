import { eq } from 'drizzle-orm';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { IT_CUSTOMER_PAYMENTS } from '@incontra/contracts/messages/it-customer-payments';
import { paymentAccounts, stripeEvents } from '../src/db/schema';
import { CustomerPaymentEventRouter } from '../src/payments/customer-payment-events';
import type { CustomerPaymentEvent } from '../src/payments/customer-payments';
import { StripeCustomerPayments } from '../src/payments/stripe/customer-gateway';
import { StripeWebhookInbox } from '../src/payments/stripe/webhook-inbox';
import { STRIPE_WEBHOOK_PATH, stripeWebhookRoutes } from '../src/payments/stripe/webhook-routes';
import type { BillingEventSink, GatewayEvent } from '../src/payments/subscription-gateway';
import { seedDatabase } from '../src/seed/seed';
import { PERIOD_START, startStripeStub, stubGateway, type StripeStub, type StubRequest } from './helpers/stripe-stub';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';

/*
 * The customer payment port on Stripe Connect, against a stand-in for api.stripe.com on 127.0.0.1:
 * what each call sends (the connected account in the Stripe-Account header, the application fee,
 * automatic payment methods, the idempotency keys), how Stripe's objects read back, the onboarding
 * of the company's account, and the connected accounts' webhook events (a second signing secret),
 * stored by the webhook and applied by the inbox's worker (its rounds run by hand), each once
 * however often and in whatever order they are delivered.
 */

const PLATFORM_SECRET = 'whsec_platform_test';
const CONNECT_SECRET = 'whsec_connect_test';
const FEE_PERCENT = 2.5;

let t: TestApp;
let stub: StripeStub;
let customers: StripeCustomerPayments;
let demoId: string;
let acmeId: string;
const billingCalls: GatewayEvent[] = [];
let dispatched: CustomerPaymentEvent[] = [];
let failHandlerOnce = false;
let inboxes: StripeWebhookInbox[];
/** The inbox's worker: a round of this process, and one of another at the same time. */
const rounds = () => Promise.all(inboxes.map((inbox) => inbox.round()));

beforeAll(async () => {
  stub = await startStripeStub();
  const gateway = stubGateway(stub);
  const sink: BillingEventSink = {
    apply: async (event) => {
      billingCalls.push(event);
      return 'applied';
    },
  };
  t = await startTestApp({
    extend: (app) => {
      customers = new StripeCustomerPayments({
        call: gateway.call,
        publishableKey: 'pk_test_stub',
        applicationFeePercent: FEE_PERCENT,
        db: app.db,
        clock: () => t.clock.now(),
      });
      const events = new CustomerPaymentEventRouter(app.log);
      const handler = async (event: CustomerPaymentEvent) => {
        if (failHandlerOnce) {
          failHandlerOnce = false;
          throw new Error('the domain failed half-way');
        }
        dispatched.push(event);
      };
      events.on('pos', handler);
      events.on('appointment', handler);
      const deps = { db: app.db, clock: () => t.clock.now(), stripe: gateway, sink, vatRate: 22, connect: { gateway: customers, events }, log: app.log };
      inboxes = [new StripeWebhookInbox(deps), new StripeWebhookInbox(deps)];
      void app.register(stripeWebhookRoutes, {
        stripe: gateway,
        webhookSecret: PLATFORM_SECRET,
        connectWebhookSecret: CONNECT_SECRET,
        inbox: inboxes[0]!,
        now: () => t.clock.now(),
      });
    },
  });
  const ids = await seedDatabase(t.db, t.clock.now());
  demoId = ids.demo!;
  acmeId = ids.acme!;
  stubAccounts();
}, START_TIMEOUT_MS);
afterAll(async () => {
  await t.close();
  await stub.close();
});
beforeEach(() => {
  dispatched = [];
});

// Stripe's objects, as the stub keeps them: only the fields the adapter reads.

const accounts = new Map<string, { id: string; object: 'account'; charges_enabled: boolean; details_submitted: boolean; metadata: Record<string, string> }>();
let nextAccount = 0;

function stubAccounts(): void {
  stub.on('POST /v1/accounts', (request) => {
    nextAccount += 1;
    const id = `acct_test${nextAccount}`;
    const account = {
      id,
      object: 'account' as const,
      charges_enabled: false,
      details_submitted: false,
      metadata: { companyId: request.params['metadata[companyId]'] ?? '' },
    };
    accounts.set(id, account);
    stub.on(`GET /v1/accounts/${id}`, () => ({ body: accounts.get(id) }));
    return { body: account };
  });
  stub.on('POST /v1/account_links', (request) => ({
    body: {
      object: 'account_link',
      url: `https://connect.stripe.com/setup/s/${request.params.account}/link${stub.calls('POST /v1/account_links').length}`,
      created: PERIOD_START,
      expires_at: PERIOD_START + 300,
    },
  }));
  stub.on('POST /v1/payment_intents', (request) => {
    const id = `pi_test${intents.size + 1}`;
    const intent: Intent = {
      id,
      object: 'payment_intent',
      amount: Number(request.params.amount),
      amount_received: 0,
      currency: 'eur',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_abc`,
      last_payment_error: null,
      latest_charge: null,
      metadata: {
        purpose: request.params['metadata[purpose]']!,
        reference: request.params['metadata[reference]']!,
        companyId: request.params['metadata[companyId]']!,
      },
    };
    intents.set(id, { intent, account: String(request.headers['stripe-account']) });
    stub.on(`GET /v1/payment_intents/${id}`, (read) => {
      const kept = intents.get(id)!;
      // A PaymentIntent lives on its connected account only.
      if (read.headers['stripe-account'] !== kept.account) return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing' } } };
      return { body: kept.intent };
    });
    stub.on(`POST /v1/payment_intents/${id}/cancel`, () => {
      intents.get(id)!.intent.status = 'canceled';
      return { body: intents.get(id)!.intent };
    });
    return { body: intent };
  });
  stub.on('POST /v1/refunds', (request) => {
    const kept = intents.get(request.params.payment_intent!)!;
    const charge = kept.intent.latest_charge!;
    const amount = request.params.amount ? Number(request.params.amount) : charge.amount - charge.amount_refunded;
    if (amount > charge.amount - charge.amount_refunded) {
      return {
        status: 400,
        body: { error: { type: 'invalid_request_error', param: 'amount', message: 'Refund amount is greater than unrefunded amount on charge' } },
      };
    }
    charge.amount_refunded += amount;
    return { body: { id: `re_${stub.calls('POST /v1/refunds').length}`, object: 'refund', amount, status: 'succeeded' } };
  });
}

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  last_payment_error: { charge?: string; code?: string } | null;
  latest_charge: {
    id: string;
    object: 'charge';
    amount: number;
    amount_refunded: number;
    created: number;
    payment_method_details: { card: { last4: string } };
  } | null;
  metadata: Record<string, string>;
}
const intents = new Map<string, { intent: Intent; account: string }>();

/** Stripe's side of the customer paying: the PaymentIntent succeeds with a charge by 4242. */
function payAtStripe(paymentId: string): void {
  const { intent } = intents.get(paymentId)!;
  intent.status = 'succeeded';
  intent.amount_received = intent.amount;
  intent.latest_charge = {
    id: `ch_${paymentId}`,
    object: 'charge',
    amount: intent.amount,
    amount_refunded: 0,
    created: PERIOD_START + 60,
    payment_method_details: { card: { last4: '4242' } },
  };
}

function failAtStripe(paymentId: string, attempt: string): void {
  const { intent } = intents.get(paymentId)!;
  intent.status = 'requires_payment_method';
  intent.last_payment_error = { charge: attempt, code: 'card_declined' };
}

/** The company's account, onboarded and able to take charges. */
async function onboarded(companyId: string): Promise<string> {
  await customers.onboardingLink({
    companyId,
    companyName: 'Demo',
    email: 'admin@demo.incontra.local',
    returnUrl: 'https://demo.localhost/admin/pagamenti',
    refreshUrl: 'https://demo.localhost/admin/pagamenti',
  });
  const [row] = await t.db.asOwnerForTenant(companyId, (tx) => tx.select().from(paymentAccounts).where(eq(paymentAccounts.companyId, companyId)));
  accounts.get(row!.providerAccountId)!.charges_enabled = true;
  accounts.get(row!.providerAccountId)!.details_submitted = true;
  await customers.account(companyId);
  return row!.providerAccountId;
}

let nextKey = 0;
function createPayment(companyId: string, amount = 2500) {
  nextKey += 1;
  return customers.create({
    companyId,
    purpose: 'pos',
    reference: `request-${nextKey}`,
    amount,
    description: 'Consulenza',
    receiptEmail: 'cliente@example.com',
    idempotencyKey: `pos:${nextKey}`,
  });
}

const header = (request: StubRequest, name: string) => request.headers[name];

describe('the connected account', () => {
  it('is none before onboarding; onboarding creates it once (Standard-like controller, key by company) and links to Stripe', async () => {
    expect(await customers.account(demoId)).toEqual({ canTakePayments: false, accountId: null, detailsSubmitted: false });
    const input = {
      companyId: demoId,
      companyName: 'Demo',
      email: 'admin@demo.incontra.local',
      returnUrl: 'https://demo.localhost/admin/pagamenti',
      refreshUrl: 'https://demo.localhost/admin/pagamenti',
    };
    const first = await customers.onboardingLink(input);
    const second = await customers.onboardingLink(input);
    expect(first.url).toMatch(/^https:\/\/connect\.stripe\.com\/setup\/s\/acct_test\d+\/link\d+$/);
    expect(second.url).not.toBe(first.url);

    const created = stub.calls('POST /v1/accounts');
    expect(created).toHaveLength(1);
    expect(header(created[0]!, 'idempotency-key')).toBe(`connect-account:${demoId}`);
    expect(created[0]!.params).toMatchObject({
      country: 'IT',
      email: 'admin@demo.incontra.local',
      'controller[fees][payer]': 'account',
      'controller[losses][payments]': 'stripe',
      'controller[requirement_collection]': 'stripe',
      'controller[stripe_dashboard][type]': 'full',
      'capabilities[card_payments][requested]': 'true',
      'metadata[companyId]': demoId,
    });
    const links = stub.calls('POST /v1/account_links');
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link.params).toMatchObject({
        type: 'account_onboarding',
        return_url: input.returnUrl,
        refresh_url: input.refreshUrl,
        account: expect.stringMatching(/^acct_/),
      });
      expect(header(link, 'idempotency-key')).toEqual(expect.stringMatching(new RegExp(`^account-link:${demoId}:`)));
    }
    expect(new Set(links.map((link) => header(link, 'idempotency-key'))).size).toBe(2);
    const account = await customers.account(demoId);
    expect(account).toEqual({ canTakePayments: false, accountId: expect.stringMatching(/^acct_/), detailsSubmitted: false });
  });

  it('re-reads the account at Stripe and stores its flags; Stripe out of reach: the flags stored', async () => {
    const accountId = await onboarded(demoId);
    expect(await customers.account(demoId)).toEqual({ canTakePayments: true, accountId, detailsSubmitted: true });
    const [row] = await t.db.asOwnerForTenant(demoId, (tx) => tx.select().from(paymentAccounts).where(eq(paymentAccounts.companyId, demoId)));
    expect(row).toMatchObject({ chargesEnabled: true, detailsSubmitted: true });
    stub.once(`GET /v1/accounts/${accountId}`, { status: 500, body: { error: { type: 'api_error', message: 'down' } } }, 3);
    expect(await customers.account(demoId)).toEqual({ canTakePayments: true, accountId, detailsSubmitted: true });
  });
});

describe('payments: direct charges on the connected account', () => {
  it('refuses a company whose account cannot take charges (409), asking Stripe nothing', async () => {
    const before = stub.calls('POST /v1/payment_intents').length;
    await expect(createPayment(acmeId)).rejects.toMatchObject({ statusCode: 409, message: IT_CUSTOMER_PAYMENTS.cannotTakePayments });
    expect(stub.calls('POST /v1/payment_intents')).toHaveLength(before);
  });

  it('creates the PaymentIntent on the account, with the fee, automatic methods, metadata and the key', async () => {
    const accountId = await onboarded(demoId);
    const created = await createPayment(demoId, 2500);
    expect(created).toEqual({
      companyId: demoId,
      accountId,
      paymentId: expect.stringMatching(/^pi_/),
      clientSecret: `${created.paymentId}_secret_abc`,
      publishableKey: 'pk_test_stub',
      stripeAccount: accountId,
    });
    const request = stub.calls('POST /v1/payment_intents').at(-1)!;
    expect(header(request, 'stripe-account')).toBe(accountId);
    expect(header(request, 'idempotency-key')).toBe(`customer-payment:${demoId}:pos:${nextKey}`);
    expect(request.params).toMatchObject({
      amount: '2500',
      currency: 'eur',
      'automatic_payment_methods[enabled]': 'true',
      // 2.5 % of 25,00 € is 62.5 cents: 63.
      application_fee_amount: '63',
      description: 'Consulenza',
      receipt_email: 'cliente@example.com',
      'metadata[purpose]': 'pos',
      'metadata[reference]': `request-${nextKey}`,
      'metadata[companyId]': demoId,
    });
    expect(request.body).not.toContain('payment_method_types');
  });

  it('reads a payment back (latest charge expanded, on the account), paid with its last four digits', async () => {
    const created = await createPayment(demoId, 4000);
    expect(await customers.retrieve(created)).toEqual({ status: 'pending', amountReceived: 0, amountRefunded: 0, paidAt: null, last4: null });
    const read = stub.calls(`GET /v1/payment_intents/${created.paymentId}`).at(-1)!;
    expect(header(read, 'stripe-account')).toBe(created.accountId);
    expect(read.params['expand[0]']).toBe('latest_charge');
    payAtStripe(created.paymentId);
    expect(await customers.retrieve(created)).toEqual({
      status: 'paid',
      amountReceived: 4000,
      amountRefunded: 0,
      paidAt: new Date((PERIOD_START + 60) * 1000),
      last4: '4242',
    });
  });

  it("does not read another company's payment (404)", async () => {
    const created = await createPayment(demoId);
    await expect(customers.retrieve({ ...created, companyId: acmeId })).rejects.toMatchObject({ statusCode: 404 });
    await expect(customers.retrieve({ ...created, accountId: 'acct_other' })).rejects.toMatchObject({ statusCode: 404 });
    await expect(customers.retrieve({ ...created, accountId: null })).rejects.toMatchObject({ statusCode: 404 });
  });

  it('cancels an unpaid payment on the account; a paid one is left as it is', async () => {
    const open = await createPayment(demoId);
    expect(await customers.cancel(open)).toMatchObject({ status: 'canceled' });
    const cancel = stub.calls(`POST /v1/payment_intents/${open.paymentId}/cancel`);
    expect(cancel).toHaveLength(1);
    expect(header(cancel[0]!, 'stripe-account')).toBe(open.accountId);
    expect(header(cancel[0]!, 'idempotency-key')).toBe(`customer-payment-cancel:${open.paymentId}`);
    expect(await customers.cancel(open)).toMatchObject({ status: 'canceled' });
    expect(stub.calls(`POST /v1/payment_intents/${open.paymentId}/cancel`)).toHaveLength(1);

    const paid = await createPayment(demoId);
    payAtStripe(paid.paymentId);
    expect(await customers.cancel(paid)).toMatchObject({ status: 'paid' });
    expect(stub.calls(`POST /v1/payment_intents/${paid.paymentId}/cancel`)).toHaveLength(0);
  });

  it('refunds partly then the rest, each with its key on the account; more than is left is a 409', async () => {
    const payment = await createPayment(demoId, 5000);
    await expect(customers.refund({ ref: payment, idempotencyKey: 'r0' })).rejects.toMatchObject({
      statusCode: 409,
      message: IT_CUSTOMER_PAYMENTS.notRefundable,
    });
    payAtStripe(payment.paymentId);
    expect(await customers.refund({ ref: payment, amount: 1500, idempotencyKey: 'r1' })).toMatchObject({ status: 'paid', amountRefunded: 1500 });
    const [first] = stub.calls('POST /v1/refunds').slice(-1);
    expect(first!.params).toMatchObject({ payment_intent: payment.paymentId, amount: '1500', refund_application_fee: 'true' });
    expect(header(first!, 'stripe-account')).toBe(payment.accountId);
    expect(header(first!, 'idempotency-key')).toEqual(expect.stringMatching(new RegExp(`^customer-refund:${demoId}:[0-9a-f]{40}$`)));
    await expect(customers.refund({ ref: payment, amount: 3501, idempotencyKey: 'r2' })).rejects.toMatchObject({
      statusCode: 409,
      message: IT_CUSTOMER_PAYMENTS.refundTooLarge,
    });
    expect(await customers.refund({ ref: payment, idempotencyKey: 'r3' })).toMatchObject({ amountRefunded: 5000 });
    expect(stub.calls('POST /v1/refunds').at(-1)!.params.amount).toBeUndefined();
  });
});

describe('the connected accounts’ webhook', () => {
  let sequence = 0;
  const unique = (prefix: string) => `${prefix}_${(sequence += 1)}`;

  function event(type: string, object: Record<string, unknown>, account: string | null, id = unique('evt')) {
    return {
      id,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: PERIOD_START,
      livemode: false,
      type,
      ...(account ? { account } : {}),
      data: { object },
    };
  }

  function deliver(body: unknown, options: { secret?: string; tamper?: boolean } = {}) {
    const payload = JSON.stringify(body);
    const signature = stubGateway(stub).stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? CONNECT_SECRET,
      timestamp: Math.floor(t.clock.now().getTime() / 1000),
    });
    return t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      payload: options.tamper ? payload.replace('"livemode":false', '"livemode":true') : payload,
    });
  }

  const recorded = async (id: string) => (await t.db.withoutTenant((tx) => tx.select().from(stripeEvents).where(eq(stripeEvents.id, id)))).length;
  const stored = async (id: string) => (await t.db.withoutTenant((tx) => tx.select().from(stripeEvents).where(eq(stripeEvents.id, id))))[0];

  it('dispatches each fact once, whatever the replays (5 each) and the order', async () => {
    const payment = await createPayment(demoId, 3000);
    const account = payment.accountId!;
    failAtStripe(payment.paymentId, 'ch_failed1');
    const failed = event('payment_intent.payment_failed', { id: payment.paymentId, object: 'payment_intent' }, account);
    // Stripe's state by the time the worker reads it: the failure, then a success and a refund.
    for (let i = 0; i < 5; i += 1) expect((await deliver(failed)).statusCode).toBe(200);
    expect(await stored(failed.id)).toMatchObject({ account, object: { id: payment.paymentId, object: 'payment_intent' }, processedAt: null });
    expect(dispatched).toEqual([]);
    await rounds();
    payAtStripe(payment.paymentId);
    intents.get(payment.paymentId)!.intent.latest_charge!.amount_refunded = 1000;
    const succeeded = event('payment_intent.succeeded', { id: payment.paymentId, object: 'payment_intent' }, account);
    const refunded = event('charge.refunded', { id: `ch_${payment.paymentId}`, object: 'charge', payment_intent: payment.paymentId }, account);
    const lateFailure = event('payment_intent.payment_failed', { id: payment.paymentId, object: 'payment_intent' }, account);
    // Out of order: the refund before the success, a failure's event after both, each five times.
    for (const delivery of [
      refunded,
      succeeded,
      lateFailure,
      refunded,
      succeeded,
      lateFailure,
      refunded,
      succeeded,
      lateFailure,
      refunded,
      succeeded,
      lateFailure,
      refunded,
      succeeded,
      lateFailure,
    ]) {
      expect((await deliver(delivery)).statusCode).toBe(200);
    }
    expect(await stored(refunded.id)).toMatchObject({ object: { id: `ch_${payment.paymentId}`, object: 'charge', payment_intent: payment.paymentId } });
    await rounds();
    const ref = { companyId: demoId, accountId: account, paymentId: payment.paymentId };
    expect(dispatched[0]).toEqual({
      kind: 'payment.failed',
      id: `stripe:payment.failed:${payment.paymentId}:ch_failed1`,
      purpose: 'pos',
      reference: expect.any(String),
      ref,
    });
    // The refund and the success are applied in the same rounds (their order is the worker's).
    expect(dispatched.slice(1).sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { kind: 'payment.refunded', id: `stripe:payment.refunded:${payment.paymentId}:1000`, purpose: 'pos', reference: expect.any(String), ref },
      { kind: 'payment.succeeded', id: `stripe:payment.succeeded:${payment.paymentId}`, purpose: 'pos', reference: expect.any(String), ref },
    ]);
    for (const delivered of [failed, succeeded, refunded, lateFailure]) {
      expect(await recorded(delivered.id)).toBe(1);
      expect(await stored(delivered.id)).toMatchObject({ attempts: 1, processedAt: t.clock.now() });
    }
    expect(billingCalls).toEqual([]);
  });

  it('refreshes the account’s flags on account.updated, once per event', async () => {
    const accountId = await onboarded(demoId);
    accounts.get(accountId)!.charges_enabled = false;
    const updated = event('account.updated', { id: accountId, object: 'account' }, accountId);
    const reads = stub.calls(`GET /v1/accounts/${accountId}`).length;
    for (let i = 0; i < 5; i += 1) expect((await deliver(updated)).statusCode).toBe(200);
    expect(stub.calls(`GET /v1/accounts/${accountId}`)).toHaveLength(reads);
    await rounds();
    // Re-read once: the four replays were one stored event.
    expect(stub.calls(`GET /v1/accounts/${accountId}`)).toHaveLength(reads + 1);
    const [row] = await t.db.asOwnerForTenant(demoId, (tx) => tx.select().from(paymentAccounts).where(eq(paymentAccounts.companyId, demoId)));
    expect(row).toMatchObject({ chargesEnabled: false, detailsSubmitted: true });
    await expect(createPayment(demoId)).rejects.toMatchObject({ statusCode: 409 });
    accounts.get(accountId)!.charges_enabled = true;
    await customers.account(demoId);
  });

  it('refuses a bad signature (400) and changes nothing', async () => {
    const payment = await createPayment(demoId);
    payAtStripe(payment.paymentId);
    const succeeded = event('payment_intent.succeeded', { id: payment.paymentId, object: 'payment_intent' }, payment.accountId);
    for (const options of [{ secret: 'whsec_someone_else' }, { tamper: true }]) {
      const response = await deliver(succeeded, options);
      expect([response.statusCode, response.json().message]).toEqual([400, IT_BILLING.stripe.webhookSignatureInvalid]);
    }
    await rounds();
    expect(dispatched).toEqual([]);
    expect(await recorded(succeeded.id)).toBe(0);
    expect((await deliver(succeeded)).statusCode).toBe(200);
    await rounds();
    expect(dispatched).toHaveLength(1);
  });

  it('ignores a payment whose metadata names a company the account is not of', async () => {
    const payment = await createPayment(demoId);
    payAtStripe(payment.paymentId);
    intents.get(payment.paymentId)!.intent.metadata.companyId = acmeId;
    const forged = event('payment_intent.succeeded', { id: payment.paymentId, object: 'payment_intent' }, payment.accountId);
    expect((await deliver(forged)).statusCode).toBe(200);
    await rounds();
    expect(dispatched).toEqual([]);
    expect(await stored(forged.id)).toMatchObject({ processedAt: t.clock.now() });
  });

  it('keeps the event when the domain fails, and applies it once when it comes due again', async () => {
    const payment = await createPayment(demoId);
    payAtStripe(payment.paymentId);
    const succeeded = event('payment_intent.succeeded', { id: payment.paymentId, object: 'payment_intent' }, payment.accountId);
    failHandlerOnce = true;
    expect((await deliver(succeeded)).statusCode).toBe(200);
    await rounds();
    expect(await stored(succeeded.id)).toMatchObject({ attempts: 1, processedAt: null, lastError: 'the domain failed half-way' });
    expect(dispatched).toEqual([]);
    // A redelivery changes nothing (already stored); the retry comes after its backoff.
    expect((await deliver(succeeded)).statusCode).toBe(200);
    await rounds();
    expect(dispatched).toEqual([]);
    t.clock.advance(60_000);
    await rounds();
    expect(dispatched.map((news) => news.kind)).toEqual(['payment.succeeded']);
    expect(await stored(succeeded.id)).toMatchObject({ attempts: 2, processedAt: t.clock.now(), lastError: null });
  });

  it('a Stripe answering 500 to the re-read: tried again later, then applied once', async () => {
    const payment = await createPayment(demoId);
    payAtStripe(payment.paymentId);
    const succeeded = event('payment_intent.succeeded', { id: payment.paymentId, object: 'payment_intent' }, payment.accountId);
    stub.once(
      `GET /v1/payment_intents/${payment.paymentId}`,
      { status: 500, body: { error: { type: 'api_error', message: 'down' } }, headers: { 'stripe-should-retry': 'false' } },
      1,
    );
    expect((await deliver(succeeded)).statusCode).toBe(200);
    await rounds();
    expect(await stored(succeeded.id)).toMatchObject({ attempts: 1, processedAt: null, nextAttemptAt: new Date(t.clock.now().getTime() + 60_000) });
    expect(dispatched).toEqual([]);
    t.clock.advance(60_000);
    await rounds();
    expect(dispatched.map((news) => news.kind)).toEqual(['payment.succeeded']);
    expect(await stored(succeeded.id)).toMatchObject({ attempts: 2, processedAt: t.clock.now() });
  });

  it('still hands the platform’s own events (first secret, no account) to the billing sink', async () => {
    const platform = event('customer.created', { id: 'cus_1', object: 'customer' }, null);
    expect((await deliver(platform, { secret: PLATFORM_SECRET })).statusCode).toBe(200);
    await rounds();
    expect(await stored(platform.id)).toMatchObject({ account: null, processedAt: t.clock.now() });
    expect(dispatched).toEqual([]);
  });
});
