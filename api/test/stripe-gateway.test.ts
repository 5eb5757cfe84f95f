import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { HttpError } from '../src/http/http-error';
import { STRIPE_API_VERSION } from '../src/payments/stripe/stripe-client';
import { readStripeConfig } from '../src/payments/stripe/stripe-config';
import { createStripeGateway } from '../src/payments/stripe/stripe-gateway';
import type { GatewayPlan, GatewaySubscriptionRef } from '../src/payments/subscription-gateway';
import {
  cardError,
  PERIOD_END,
  PERIOD_START,
  startStripeStub,
  stripeInvoice,
  stripeSubscription,
  stubGateway,
  type StripeStub,
  type StubRequest,
} from './helpers/stripe-stub';

const BASIC: GatewayPlan = { id: 'basic', name: 'Basic', price: 2900, stripePriceId: 'price_basic' };
const PRO: GatewayPlan = { id: 'pro', name: 'Pro', price: 7900, stripePriceId: null };
const NOW = new Date(PERIOD_START * 1000 + 10 * 86_400_000);
const REF: GatewaySubscriptionRef = {
  companyId: 'company-1',
  customerId: 'cus_1',
  subscriptionId: 'sub_1',
  plan: BASIC,
  currentPeriodStart: new Date(PERIOD_START * 1000),
  currentPeriodEnd: new Date(PERIOD_END * 1000),
};

let stub: StripeStub;
beforeEach(async () => {
  stub = await startStripeStub();
});
afterEach(() => stub.close());

/** What every call to Stripe carries: our key, the pinned version; a write its idempotency key. */
function expectStripeHeaders(request: StubRequest, idempotencyKey?: string | RegExp) {
  expect(request.headers.authorization).toBe('Bearer sk_test_stub');
  expect(request.headers['stripe-version']).toBe(STRIPE_API_VERSION);
  expect(request.body).not.toContain('payment_method_types');
  if (request.method === 'POST') {
    const key = request.headers['idempotency-key'];
    expect(typeof key).toBe('string');
    if (idempotencyKey !== undefined) expect(key).toMatch(idempotencyKey);
  }
}

describe('createStripeGateway', () => {
  it('is built from what readStripeConfig reads, and speaks with its keys and prices', async () => {
    const config = readStripeConfig({
      STRIPE_SECRET_KEY: 'sk_test_fromenv',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fromenv',
      STRIPE_WEBHOOK_SECRET: 'whsec_fromenv',
      STRIPE_PRICES: 'basic:price_env_basic',
      STRIPE_TIMEOUT_MS: '2000',
    })!;
    const gateway = createStripeGateway({ ...config, host: '127.0.0.1', port: stub.port, protocol: 'http' });
    expect(gateway.mode).toBe('stripe');
    expect(gateway.timeoutMs).toBe(2000);
    expect(gateway.planOfPrice('price_env_basic')).toBe('basic');
    stub.on('POST /v1/setup_intents', () => ({ body: { id: 'seti_env', object: 'setup_intent', client_secret: 'seti_env_secret' } }));
    await expect(gateway.createSetupIntent({ companyId: 'company-1', customerId: 'cus_1' })).resolves.toEqual({
      clientSecret: 'seti_env_secret',
      publishableKey: 'pk_test_fromenv',
    });
    expect(stub.requests[0]!.headers.authorization).toBe('Bearer sk_test_fromenv');
  });
});

describe('ensureCustomer', () => {
  it('creates the customer once per company, keyed by the company', async () => {
    stub.on('POST /v1/customers', () => ({ body: { id: 'cus_new', object: 'customer' } }));
    const gateway = stubGateway(stub);
    const customer = { companyId: 'company-1', name: 'Demo Srl', email: 'admin@demo.it', customerId: null };
    await expect(gateway.ensureCustomer(customer)).resolves.toBe('cus_new');
    const [request] = stub.calls('POST /v1/customers');
    expect(request!.params).toMatchObject({ name: 'Demo Srl', email: 'admin@demo.it', 'preferred_locales[0]': 'it', 'metadata[company_id]': 'company-1' });
    expectStripeHeaders(request!, 'customer:company-1');
  });

  it('answers an existing customer without calling Stripe', async () => {
    const gateway = stubGateway(stub);
    await expect(gateway.ensureCustomer({ companyId: 'company-1', name: 'Demo', email: 'a@b.it', customerId: 'cus_old' })).resolves.toBe('cus_old');
    expect(stub.requests).toHaveLength(0);
  });

  it('keeps the same idempotency key when stripe-node retries after a 500', async () => {
    stub.once('POST /v1/customers', { status: 500, body: { error: { type: 'api_error', message: 'boom' } } });
    stub.on('POST /v1/customers', () => ({ body: { id: 'cus_retried', object: 'customer' } }));
    const gateway = stubGateway(stub);
    await expect(gateway.ensureCustomer({ companyId: 'company-2', name: 'Acme', email: 'a@acme.it', customerId: null })).resolves.toBe('cus_retried');
    const calls = stub.calls('POST /v1/customers');
    expect(calls).toHaveLength(2);
    expect(calls[0]!.headers['idempotency-key']).toBe('customer:company-2');
    expect(calls[1]!.headers['idempotency-key']).toBe(calls[0]!.headers['idempotency-key']);
  });
});

describe('createSetupIntent', () => {
  it('asks for automatic payment methods without redirects, for off-session use', async () => {
    stub.on('POST /v1/setup_intents', () => ({ body: { id: 'seti_1', object: 'setup_intent', client_secret: 'seti_1_secret_x' } }));
    const gateway = stubGateway(stub);
    await expect(gateway.createSetupIntent({ companyId: 'company-1', customerId: 'cus_1' })).resolves.toEqual({
      clientSecret: 'seti_1_secret_x',
      publishableKey: 'pk_test_stub',
    });
    const [request] = stub.calls('POST /v1/setup_intents');
    expect(request!.params).toMatchObject({
      customer: 'cus_1',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
      usage: 'off_session',
    });
    expectStripeHeaders(request!, /^setup-intent:company-1:/);
  });
});

describe('attachCard', () => {
  const card = (customer: string | null) => ({
    body: { id: 'pm_card', object: 'payment_method', type: 'card', customer, card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } },
  });

  it("makes the customer's own card its default payment method", async () => {
    stub.on('GET /v1/payment_methods/pm_card', () => card('cus_1'));
    stub.on('POST /v1/customers/cus_1', () => ({ body: { id: 'cus_1', object: 'customer' } }));
    const gateway = stubGateway(stub);
    await expect(gateway.attachCard({ companyId: 'company-1', customerId: 'cus_1', token: 'pm_card' })).resolves.toEqual({
      methodId: 'pm_card',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
    const [update] = stub.calls('POST /v1/customers/cus_1');
    expect(update!.params).toEqual({ 'invoice_settings[default_payment_method]': 'pm_card' });
    expectStripeHeaders(update!, 'default-card:cus_1:pm_card');
  });

  it.each([
    ['a card of another customer', card('cus_other')],
    ['a card attached to nobody', card(null)],
    [
      'an unknown payment method',
      { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such PaymentMethod' } } },
    ],
  ])('refuses %s with 422 and changes nothing', async (_, answer) => {
    stub.on('GET /v1/payment_methods/pm_card', () => answer);
    const gateway = stubGateway(stub);
    const refusal = await gateway.attachCard({ companyId: 'company-1', customerId: 'cus_1', token: 'pm_card' }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({ statusCode: 422, message: IT_BILLING.cardTokenInvalid });
    expect(stub.calls('POST /v1/customers/cus_1')).toHaveLength(0);
  });

  it('refuses a token that is no payment method id without asking Stripe', async () => {
    const gateway = stubGateway(stub);
    await expect(gateway.attachCard({ companyId: 'company-1', customerId: 'cus_1', token: 'tok_../x' })).rejects.toMatchObject({ statusCode: 422 });
    expect(stub.requests).toHaveLength(0);
  });
});

describe('previewChange', () => {
  it('previews with the same proration date the change will use, VAT at the company rate without a Stripe tax rate', async () => {
    stub.on('GET /v1/subscriptions/sub_1', () => ({ body: stripeSubscription() }));
    stub.on('POST /v1/invoices/create_preview', () => ({
      body: stripeInvoice({
        status: 'draft',
        lines: [
          { amount: -2000, price: 'price_basic', proration: true },
          { amount: 5451, price: 'price_pro', proration: true },
        ],
      }),
    }));
    const gateway = stubGateway(stub);
    const preview = await gateway.previewChange({ ref: REF, plan: PRO, prorationDate: NOW, vatRate: 22 });
    expect(preview).toEqual({ dueNow: { net: 3451, vat: 759, total: 4210 }, nextPeriod: { net: 7900, vat: 1738, total: 9638 } });
    const [request] = stub.calls('POST /v1/invoices/create_preview');
    expect(request!.params).toMatchObject({
      customer: 'cus_1',
      subscription: 'sub_1',
      'subscription_details[items][0][id]': 'si_1',
      'subscription_details[items][0][price]': 'price_pro',
      'subscription_details[proration_behavior]': 'always_invoice',
      'subscription_details[proration_date]': String(NOW.getTime() / 1000),
    });
    expectStripeHeaders(request!);
  });

  it("takes Stripe's own VAT when a tax rate applies", async () => {
    stub.on('GET /v1/subscriptions/sub_1', () => ({ body: stripeSubscription() }));
    stub.on('POST /v1/invoices/create_preview', () => ({
      body: stripeInvoice({
        status: 'draft',
        lines: [
          { amount: -2000, price: 'price_basic', proration: true, tax: -440 },
          { amount: 5451, price: 'price_pro', proration: true, tax: 1199 },
        ],
      }),
    }));
    const preview = await stubGateway(stub, { taxRateId: 'txr_1' }).previewChange({ ref: REF, plan: PRO, prorationDate: NOW, vatRate: 22 });
    expect(preview.dueNow).toEqual({ net: 3451, vat: 759, total: 4210 });
  });

  it('from a trial (no subscription yet) the first period is due whole, without a call', async () => {
    const preview = await stubGateway(stub).previewChange({ ref: { ...REF, subscriptionId: null }, plan: BASIC, prorationDate: NOW, vatRate: 22 });
    expect(preview).toEqual({ dueNow: { net: 2900, vat: 638, total: 3538 }, nextPeriod: { net: 2900, vat: 638, total: 3538 } });
    expect(stub.requests).toHaveLength(0);
  });
});

describe('start', () => {
  const customerWithCard = () => ({ body: { id: 'cus_1', object: 'customer', invoice_settings: { default_payment_method: 'pm_card' } } });

  it('creates the subscription charged at once, with the default card and the given idempotency key', async () => {
    stub.on('GET /v1/customers/cus_1', customerWithCard);
    stub.on('POST /v1/subscriptions', () => ({
      body: stripeSubscription({ latestInvoice: stripeInvoice({ id: 'in_first', lines: [{ amount: 2900, price: 'price_basic' }] }) }),
    }));
    const outcome = await stubGateway(stub).start({
      companyId: 'company-1',
      customerId: 'cus_1',
      plan: BASIC,
      vatRate: 22,
      now: NOW,
      idempotencyKey: 'start:abc',
    });
    expect(outcome).toEqual({
      status: 'paid',
      providerChargeId: 'in_first',
      subscriptionId: 'sub_1',
      amount: { net: 2900, vat: 638, total: 3538 },
      periodStart: new Date(PERIOD_START * 1000),
      periodEnd: new Date(PERIOD_END * 1000),
    });
    const [request] = stub.calls('POST /v1/subscriptions');
    expect(request!.params).toMatchObject({
      customer: 'cus_1',
      'items[0][price]': 'price_basic',
      default_payment_method: 'pm_card',
      payment_behavior: 'error_if_incomplete',
      'expand[0]': 'latest_invoice',
      'metadata[company_id]': 'company-1',
    });
    expect(request!.params).not.toHaveProperty('default_tax_rates[0]');
    expectStripeHeaders(request!, 'start:abc');
  });

  it('adds the configured tax rate and reports the VAT Stripe charged', async () => {
    stub.on('GET /v1/customers/cus_1', customerWithCard);
    stub.on('POST /v1/subscriptions', () => ({
      body: stripeSubscription({ price: 'price_pro', latestInvoice: stripeInvoice({ lines: [{ amount: 7900, price: 'price_pro', tax: 1738 }] }) }),
    }));
    const outcome = await stubGateway(stub, { taxRateId: 'txr_vat' }).start({
      companyId: 'company-1',
      customerId: 'cus_1',
      plan: PRO,
      vatRate: 22,
      now: NOW,
      idempotencyKey: 'k',
    });
    expect(outcome).toMatchObject({ status: 'paid', amount: { net: 7900, vat: 1738, total: 9638 } });
    expect(stub.calls('POST /v1/subscriptions')[0]!.params).toMatchObject({ 'items[0][price]': 'price_pro', 'default_tax_rates[0]': 'txr_vat' });
  });

  it.each([
    [cardError('card_declined', 'insufficient_funds'), IT_BILLING.stripe.insufficientFunds],
    [cardError('card_declined', 'generic_decline'), IT_BILLING.stripe.cardDeclined],
    [cardError('card_declined', 'stolen_card'), IT_BILLING.stripe.cardDeclined],
    [cardError('expired_card'), IT_BILLING.stripe.expiredCard],
    [cardError('incorrect_cvc'), IT_BILLING.stripe.incorrectCvc],
    [cardError('processing_error'), IT_BILLING.stripe.processingError],
    [cardError('card_declined', 'authentication_required'), IT_BILLING.stripe.authenticationRequired],
    [
      {
        status: 402,
        body: { error: { type: 'invalid_request_error', code: 'subscription_payment_intent_requires_action', message: 'Payment requires action.' } },
      },
      IT_BILLING.stripe.authenticationRequired,
    ],
  ])('a card error answers declined with the Italian message (%#)', async (answer, message) => {
    stub.on('GET /v1/customers/cus_1', customerWithCard);
    stub.on('POST /v1/subscriptions', () => answer);
    const outcome = await stubGateway(stub).start({ companyId: 'company-1', customerId: 'cus_1', plan: BASIC, vatRate: 22, now: NOW, idempotencyKey: 'k' });
    expect(outcome).toEqual({ status: 'declined', message });
    // A card error is final: stripe-node does not retry a 402.
    expect(stub.calls('POST /v1/subscriptions')).toHaveLength(1);
  });

  it('a customer without a default card is declined before any subscription is created', async () => {
    stub.on('GET /v1/customers/cus_1', () => ({ body: { id: 'cus_1', object: 'customer', invoice_settings: { default_payment_method: null } } }));
    const outcome = await stubGateway(stub).start({ companyId: 'company-1', customerId: 'cus_1', plan: BASIC, vatRate: 22, now: NOW, idempotencyKey: 'k' });
    expect(outcome).toEqual({ status: 'declined', message: IT_BILLING.stripe.noCard });
    expect(stub.calls('POST /v1/subscriptions')).toHaveLength(0);
  });

  it('a plan with no Stripe price is refused with the Italian message', async () => {
    const plan = { id: 'gold', name: 'Gold', price: 9900, stripePriceId: null };
    await expect(
      stubGateway(stub).start({ companyId: 'company-1', customerId: 'cus_1', plan, vatRate: 22, now: NOW, idempotencyKey: 'k' }),
    ).rejects.toMatchObject({
      statusCode: 422,
      message: IT_BILLING.planUnknown,
    });
    expect(stub.requests).toHaveLength(0);
  });
});

describe('upgrade', () => {
  it('swaps the price of the one item, invoicing the proration at the previewed date', async () => {
    stub.on('GET /v1/subscriptions/sub_1', () => ({ body: stripeSubscription() }));
    const start = Math.floor(NOW.getTime() / 1000);
    stub.on('POST /v1/subscriptions/sub_1', () => ({
      body: stripeSubscription({
        price: 'price_pro',
        latestInvoice: stripeInvoice({
          id: 'in_proration',
          lines: [
            { amount: -2000, price: 'price_basic', proration: true, start },
            { amount: 5451, price: 'price_pro', proration: true, start },
          ],
        }),
      }),
    }));
    const outcome = await stubGateway(stub).upgrade({ ref: REF, plan: PRO, prorationDate: NOW, vatRate: 22, idempotencyKey: 'upgrade:1' });
    expect(outcome).toEqual({
      status: 'paid',
      providerChargeId: 'in_proration',
      subscriptionId: 'sub_1',
      amount: { net: 3451, vat: 759, total: 4210 },
      periodStart: new Date(start * 1000),
      periodEnd: new Date(PERIOD_END * 1000),
    });
    const [request] = stub.calls('POST /v1/subscriptions/sub_1');
    expect(request!.params).toMatchObject({
      'items[0][id]': 'si_1',
      'items[0][price]': 'price_pro',
      proration_behavior: 'always_invoice',
      proration_date: String(start),
      payment_behavior: 'error_if_incomplete',
      'expand[0]': 'latest_invoice',
    });
    expectStripeHeaders(request!, 'upgrade:1');
  });

  it('a scheduled downgrade is dropped once the upgrade is paid, and kept when it is declined', async () => {
    stub.on('GET /v1/subscriptions/sub_1', () => ({ body: stripeSubscription({ schedule: 'sub_sched_1' }) }));
    stub.on('POST /v1/subscription_schedules/sub_sched_1/release', () => ({ body: { id: 'sub_sched_1', object: 'subscription_schedule' } }));
    stub.once('POST /v1/subscriptions/sub_1', cardError('card_declined', 'generic_decline'));
    const gateway = stubGateway(stub);
    const upgrade = { ref: REF, plan: PRO, prorationDate: NOW, vatRate: 22, idempotencyKey: 'upgrade:2' };
    await expect(gateway.upgrade(upgrade)).resolves.toEqual({ status: 'declined', message: IT_BILLING.stripe.cardDeclined });
    expect(stub.calls('POST /v1/subscription_schedules/sub_sched_1/release')).toHaveLength(0);
    stub.on('POST /v1/subscriptions/sub_1', () => ({
      body: stripeSubscription({
        price: 'price_pro',
        latestInvoice: stripeInvoice({ id: 'in_up', lines: [{ amount: 5000, price: 'price_pro', proration: true }] }),
      }),
    }));
    await expect(gateway.upgrade({ ...upgrade, idempotencyKey: 'upgrade:3' })).resolves.toMatchObject({ status: 'paid', providerChargeId: 'in_up' });
    expect(stub.requests.slice(-2).map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v1/subscriptions/sub_1',
      'POST /v1/subscription_schedules/sub_sched_1/release',
    ]);
  });

  it('a declined proration answers declined', async () => {
    stub.on('GET /v1/subscriptions/sub_1', () => ({ body: stripeSubscription() }));
    stub.on('POST /v1/subscriptions/sub_1', () => cardError('card_declined', 'insufficient_funds'));
    const outcome = await stubGateway(stub).upgrade({ ref: REF, plan: PRO, prorationDate: NOW, vatRate: 22, idempotencyKey: 'k' });
    expect(outcome).toEqual({ status: 'declined', message: IT_BILLING.stripe.insufficientFunds });
  });
});

describe('scheduleNextPlan', () => {
  const schedule = { id: 'sub_sched_1', object: 'subscription_schedule', current_phase: { start_date: PERIOD_START, end_date: PERIOD_END }, phases: [] };

  it('makes a schedule from the subscription: the current plan until the period ends, the next one after', async () => {
    stub.on('GET /v1/subscriptions/sub_1', () => ({ body: stripeSubscription({ price: 'price_pro' }) }));
    stub.on('POST /v1/subscription_schedules', () => ({ body: schedule }));
    stub.on('POST /v1/subscription_schedules/sub_sched_1', () => ({ body: schedule }));
    await stubGateway(stub).scheduleNextPlan({ ref: { ...REF, plan: PRO }, plan: BASIC });
    const [created] = stub.calls('POST /v1/subscription_schedules');
    expect(created!.params).toEqual({ from_subscription: 'sub_1' });
    expectStripeHeaders(created!, /^schedule:sub_1:/);
    const [updated] = stub.calls('POST /v1/subscription_schedules/sub_sched_1');
    expect(updated!.params).toMatchObject({
      end_behavior: 'release',
      proration_behavior: 'none',
      'phases[0][items][0][price]': 'price_pro',
      'phases[0][start_date]': String(PERIOD_START),
      'phases[0][end_date]': String(PERIOD_END),
      'phases[1][items][0][price]': 'price_basic',
    });
    expectStripeHeaders(updated!, /^schedule-phases:sub_sched_1:/);
  });

  it('on a subscription cancelled at its end, takes the cancellation back before scheduling', async () => {
    stub.on('GET /v1/subscriptions/sub_1', () => ({ body: stripeSubscription({ price: 'price_pro', cancelAtPeriodEnd: true }) }));
    stub.on('POST /v1/subscriptions/sub_1', () => ({ body: stripeSubscription({ price: 'price_pro' }) }));
    stub.on('POST /v1/subscription_schedules', () => ({ body: schedule }));
    stub.on('POST /v1/subscription_schedules/sub_sched_1', () => ({ body: schedule }));
    await stubGateway(stub).scheduleNextPlan({ ref: { ...REF, plan: PRO }, plan: BASIC });
    expect(stub.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/subscriptions/sub_1',
      'POST /v1/subscriptions/sub_1',
      'POST /v1/subscription_schedules',
      'POST /v1/subscription_schedules/sub_sched_1',
    ]);
    expect(stub.calls('POST /v1/subscriptions/sub_1')[0]!.params).toEqual({ cancel_at_period_end: 'false' });
  });

  it('reuses the schedule already attached', async () => {
    stub.on('GET /v1/subscriptions/sub_1', () => ({ body: stripeSubscription({ price: 'price_pro', schedule: 'sub_sched_1' }) }));
    stub.on('GET /v1/subscription_schedules/sub_sched_1', () => ({ body: schedule }));
    stub.on('POST /v1/subscription_schedules/sub_sched_1', () => ({ body: schedule }));
    await stubGateway(stub).scheduleNextPlan({ ref: { ...REF, plan: PRO }, plan: BASIC });
    expect(stub.calls('POST /v1/subscription_schedules')).toHaveLength(0);
    expect(stub.calls('POST /v1/subscription_schedules/sub_sched_1')).toHaveLength(1);
  });

  it('null releases the schedule, keeping the current plan', async () => {
    stub.on('GET /v1/subscriptions/sub_1', () => ({ body: stripeSubscription({ price: 'price_pro', schedule: 'sub_sched_1' }) }));
    stub.on('POST /v1/subscription_schedules/sub_sched_1/release', () => ({ body: { ...schedule, status: 'released' } }));
    await stubGateway(stub).scheduleNextPlan({ ref: { ...REF, plan: PRO }, plan: null });
    const [release] = stub.calls('POST /v1/subscription_schedules/sub_sched_1/release');
    expectStripeHeaders(release!, 'schedule-release:sub_sched_1');
  });

  it('null without a schedule asks nothing more', async () => {
    stub.on('GET /v1/subscriptions/sub_1', () => ({ body: stripeSubscription() }));
    await stubGateway(stub).scheduleNextPlan({ ref: REF, plan: null });
    expect(stub.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /v1/subscriptions/sub_1']);
  });
});

describe('setCancelAtPeriodEnd', () => {
  it.each([true, false])('sets cancel_at_period_end=%s', async (cancel) => {
    stub.on('GET /v1/subscriptions/sub_1', () => ({ body: stripeSubscription({ cancelAtPeriodEnd: !cancel }) }));
    stub.on('POST /v1/subscriptions/sub_1', () => ({ body: stripeSubscription({ cancelAtPeriodEnd: cancel }) }));
    await stubGateway(stub).setCancelAtPeriodEnd({ ref: REF, cancel });
    const [request] = stub.calls('POST /v1/subscriptions/sub_1');
    expect(request!.params).toEqual({ cancel_at_period_end: String(cancel) });
    expectStripeHeaders(request!, new RegExp(`^cancel-at-period-end:sub_1:${cancel}:`));
  });

  it('asked again, changes nothing at Stripe', async () => {
    stub.on('GET /v1/subscriptions/sub_1', () => ({ body: stripeSubscription({ cancelAtPeriodEnd: true }) }));
    await stubGateway(stub).setCancelAtPeriodEnd({ ref: REF, cancel: true });
    expect(stub.calls('POST /v1/subscriptions/sub_1')).toHaveLength(0);
  });

  it('cancelling drops a scheduled downgrade first (Stripe refuses to cancel a subscription its schedule manages)', async () => {
    stub.on('GET /v1/subscriptions/sub_1', () => ({ body: stripeSubscription({ schedule: 'sub_sched_1' }) }));
    stub.on('POST /v1/subscription_schedules/sub_sched_1/release', () => ({ body: { id: 'sub_sched_1', object: 'subscription_schedule' } }));
    stub.on('POST /v1/subscriptions/sub_1', () => ({ body: stripeSubscription() }));
    await stubGateway(stub).setCancelAtPeriodEnd({ ref: REF, cancel: true });
    expect(stub.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/subscriptions/sub_1',
      'POST /v1/subscription_schedules/sub_sched_1/release',
      'POST /v1/subscriptions/sub_1',
    ]);
  });
});

describe('a Stripe that does not answer', () => {
  it('fails within the timeout with the Italian 503, retries included', async () => {
    stub.on('POST /v1/customers', () => 'hang');
    const gateway = stubGateway(stub, { timeoutMs: 300 });
    const started = Date.now();
    const failure = await gateway.ensureCustomer({ companyId: 'company-1', name: 'Demo', email: 'a@b.it', customerId: null }).catch((error: unknown) => error);
    const elapsed = Date.now() - started;
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ statusCode: 503, message: IT_BILLING.stripe.unavailable });
    expect(elapsed).toBeGreaterThanOrEqual(290);
    // The deadline is the whole call's: a generous margin for a loaded machine, far below 3 × 300 ms + backoff.
    expect(elapsed).toBeLessThan(1200);
  });

  it('a connection refused is the same 503', async () => {
    const port = stub.port;
    await stub.close();
    const gateway = stubGateway({ ...stub, port }, { timeoutMs: 2000 });
    await expect(gateway.ensureCustomer({ companyId: 'company-1', name: 'Demo', email: 'a@b.it', customerId: null })).rejects.toMatchObject({
      statusCode: 503,
      message: IT_BILLING.stripe.unavailable,
    });
    stub = await startStripeStub();
  });
});
