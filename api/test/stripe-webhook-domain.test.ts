import { companyPaymentsSchema, subscriptionSchema } from '@incontra/contracts/api/subscription';
import { StripeWebhookInbox } from '../src/payments/stripe/webhook-inbox';
import { STRIPE_WEBHOOK_PATH, stripeWebhookRoutes } from '../src/payments/stripe/webhook-routes';
import { startStripeStub, stripeInvoice, stripeSubscription, stubGateway, type StripeStub } from './helpers/stripe-stub';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';

/*
 * The webhook against the real domain (the billing plugin's events sink, on the database): what an
 * admin reads after Stripe's events, delivered again and out of order, once the inbox's worker has
 * run (its rounds by hand, two at once as two processes would).
 */

const SECRET = 'whsec_domain_secret';
const DAY_S = 86_400;

let t: LobbyTestApp;
let stub: StripeStub;
let inboxes: StripeWebhookInbox[];
beforeAll(async () => {
  stub = await startStripeStub();
  const gateway = stubGateway(stub);
  t = await startLobbyApp({
    extend: (app) => {
      const deps = { db: app.db, clock: () => t.clock.now(), stripe: gateway, sink: app.billingEvents, vatRate: app.config.billing.vatRate, log: app.log };
      inboxes = [new StripeWebhookInbox(deps), new StripeWebhookInbox(deps)];
      void app.register(stripeWebhookRoutes, { stripe: gateway, webhookSecret: SECRET, inbox: inboxes[0]!, now: () => t.clock.now() });
    },
  });
}, START_TIMEOUT_MS);
/** The worker of two processes, each a round at the same time. */
const rounds = () => Promise.all(inboxes.map((inbox) => inbox.round()));
afterAll(async () => {
  await t.close();
  await stub.close();
});

function deliver(id: string, type: string, objectId: string) {
  const payload = JSON.stringify({ id, object: 'event', type, created: 0, livemode: false, data: { object: { id: objectId } } });
  const header = gatewaySigner().webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: Math.floor(t.clock.now().getTime() / 1000) });
  return t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload });
}
const gatewaySigner = () => stubGateway(stub).stripe;

async function demoState() {
  const admin = await t.staff('admin', 'demo.localhost');
  const subscription = subscriptionSchema.parse((await admin.get('/api/subscription')).json());
  const payments = companyPaymentsSchema.parse((await admin.get('/api/payments/company')).json());
  return { subscription, invoices: payments.invoices };
}

describe('Stripe webhook → the subscription', () => {
  it('a paid invoice, replayed, raced and followed by a stale failure, is one payment; the end cancels once', async () => {
    const start = Math.floor(t.clock.now().getTime() / 1000);
    const end = start + 31 * DAY_S;
    const companyId = t.seeded.demoId;
    stub.on('GET /v1/invoices/in_demo_1', () => ({
      body: stripeInvoice({ id: 'in_demo_1', companyId, lines: [{ amount: 7900, price: 'price_pro', start, end }], paidAt: start }),
    }));
    const paid = await deliver('evt_demo_paid', 'invoice.paid', 'in_demo_1');
    expect(paid.statusCode).toBe(200);
    // Stored, not yet applied: the worker has not run.
    let state = await demoState();
    expect(state.invoices).toHaveLength(0);
    await rounds();
    state = await demoState();
    expect(state.subscription).toMatchObject({ status: 'active', plan: { id: 'pro' }, currentPeriodEndsAt: new Date(end * 1000).toISOString() });
    expect(state.invoices).toHaveLength(1);
    expect(state.invoices[0]).toMatchObject({ status: 'paid', amount: { net: 7900, vat: 1738, total: 9638 } });

    // Five replays, five racing deliveries, the other event type of the same payment, and a
    // failure Stripe reports late for an invoice that is paid by now.
    for (let i = 0; i < 5; i += 1) expect((await deliver('evt_demo_paid', 'invoice.paid', 'in_demo_1')).statusCode).toBe(200);
    const raced = await Promise.all(Array.from({ length: 5 }, (_, i) => deliver(`evt_demo_race_${i}`, 'invoice.payment_succeeded', 'in_demo_1')));
    expect(raced.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await deliver('evt_demo_late_failure', 'invoice.payment_failed', 'in_demo_1')).statusCode).toBe(200);
    await rounds();
    state = await demoState();
    expect(state.subscription.status).toBe('active');
    expect(state.invoices).toHaveLength(1);

    stub.on('GET /v1/subscriptions/sub_demo', () => ({ body: stripeSubscription({ id: 'sub_demo', status: 'canceled', endedAt: end, companyId }) }));
    for (let i = 0; i < 3; i += 1) expect((await deliver('evt_demo_ended', 'customer.subscription.deleted', 'sub_demo')).statusCode).toBe(200);
    state = await demoState();
    expect(state.subscription.status).toBe('active');
    await rounds();
    state = await demoState();
    expect(state.subscription.status).toBe('canceled');
    expect(state.invoices).toHaveLength(1);
  });
});
