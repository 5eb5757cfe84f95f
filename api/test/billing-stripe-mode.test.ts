import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { stripeEvents, subscriptions } from '../src/db/schema';
import type { StripeCustomerPayments } from '../src/payments/stripe/customer-gateway';
import { StripeWebhookInbox } from '../src/payments/stripe/webhook-inbox';
import { STRIPE_WEBHOOK_PATH } from '../src/payments/stripe/webhook-routes';
import { StripeSubscriptionGateway } from '../src/payments/stripe/stripe-gateway';
import { readInvoices, readSubscription } from './helpers/billing';
import { stripeInvoice } from './helpers/stripe-stub';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

/*
 * The app configured for Stripe (the four STRIPE_* variables): the payments plugin serves the
 * Stripe adapter and its signed webhook instead of the test mode's card form. Nothing here reaches
 * Stripe: the adapter's calls are stripe-gateway's and stripe-webhook's suites (a stub server).
 * The webhook's inbox worker has no timer here (webhookInboxIntervalMs null): its round is run by
 * hand, built from the app's decorations as the plugin builds it.
 */

const WEBHOOK_SECRET = 'whsec_billingmode';

/** Stripe's API as STRIPE_API_URL names it: a stand-in on 127.0.0.1 that answers what it is asked for and keeps the calls. */
const stripeCalls: { method: string; path: string; authorization: string | undefined; body: string }[] = [];
const STRIPE_OBJECTS: Record<string, object> = {
  '/v1/customers': { id: 'cus_apiurl', object: 'customer' },
  '/v1/setup_intents': { id: 'seti_apiurl', object: 'setup_intent', client_secret: 'seti_apiurl_secret_x', status: 'requires_payment_method' },
};
let stripeApi: Server;

function answerStripe(request: IncomingMessage, response: import('node:http').ServerResponse) {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  request.on('end', () => {
    const path = (request.url ?? '').split('?')[0]!;
    stripeCalls.push({ method: request.method ?? '', path, authorization: request.headers.authorization, body });
    const object = STRIPE_OBJECTS[path];
    response.writeHead(object ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(object ?? { error: { type: 'invalid_request_error', message: 'not here' } }));
  });
}

let t: TestApp;
beforeAll(async () => {
  stripeApi = createServer(answerStripe);
  await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', resolve));
  t = await startTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_billingmode',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_billingmode',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICES: 'basic:price_b,pro:price_p',
      STRIPE_API_URL: `http://127.0.0.1:${(stripeApi.address() as AddressInfo).port}`,
    },
  });
}, START_TIMEOUT_MS);
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => stripeApi.close(resolve));
});

describe('with the STRIPE_* variables', () => {
  it('serves the Stripe adapter and says so in the summary', async () => {
    expect(t.app.subscriptionGateway).toBeInstanceOf(StripeSubscriptionGateway);
    const admin = new TestClient(t.app);
    expect((await admin.login()).statusCode).toBe(200);
    expect(await readSubscription(admin)).toMatchObject({ paymentMode: 'stripe', vatRate: 22 });
  });

  it('leaves a past_due subscription to Stripe: no second subscription through checkout (409)', async () => {
    const admin = new TestClient(t.app);
    await admin.login();
    const companyId = ((await admin.get('/api/me')).json() as { companyId: string }).companyId;
    await t.db.asOwnerForTenant(companyId, (tx) =>
      tx.update(subscriptions).set({ status: 'past_due', planId: 'basic' }).where(eq(subscriptions.companyId, companyId)),
    );
    for (const url of ['/api/subscription/checkout-preview', '/api/subscription/checkout']) {
      const response = await admin.post(url, { plan: 'pro' });
      expect([response.statusCode, response.json().message]).toEqual([409, IT_BILLING.changes.pastDue]);
    }
  });

  it('calls Stripe at STRIPE_API_URL, with the secret key', async () => {
    const admin = new TestClient(t.app);
    await admin.login();
    const response = await admin.get('/api/subscription/setup-intent');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ clientSecret: 'seti_apiurl_secret_x', publishableKey: 'pk_test_billingmode' });
    expect(stripeCalls.map(({ method, path }) => `${method} ${path}`)).toEqual(expect.arrayContaining(['POST /v1/customers', 'POST /v1/setup_intents']));
    expect(stripeCalls.every(({ authorization }) => authorization === 'Bearer sk_test_billingmode')).toBe(true);
    expect(stripeCalls.find(({ path }) => path === '/v1/setup_intents')?.body).toContain('customer=cus_apiurl');
  });

  it('has no test-mode card form', async () => {
    expect(t.app.hasRoute({ method: 'POST', url: '/api/payments/test/confirm' })).toBe(false);
    expect(t.app.hasRoute({ method: 'GET', url: '/api/payments/test/authentication/:token' })).toBe(false);
  });

  it('refuses a webhook delivery without a valid signature (400), and takes a signed one of no interest', async () => {
    const body = JSON.stringify({ id: 'evt_mode_1', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer' } } });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: body,
    });
    expect([unsigned.statusCode, unsigned.json().message]).toEqual([400, IT_BILLING.stripe.webhookSignatureInvalid]);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(t.clock.now().getTime() / 1000),
    });
    const signed = await t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body,
    });
    expect(signed.statusCode).toBe(200);
    // Stored by the plugin's route, and left to the worker.
    const [row] = await t.db.asOwner((tx) => tx.select().from(stripeEvents).where(eq(stripeEvents.id, 'evt_mode_1')));
    expect(row).toMatchObject({ type: 'customer.created', processedAt: null, attempts: 0 });
  });

  it('a signed invoice.paid is stored and answered at once; the worker applies it to the billing sink, once', async () => {
    const admin = new TestClient(t.app);
    await admin.login();
    const companyId = ((await admin.get('/api/me')).json() as { companyId: string }).companyId;
    const before = (await readInvoices(admin)).length;
    STRIPE_OBJECTS['/v1/invoices/in_mode_2'] = stripeInvoice({ id: 'in_mode_2', companyId, lines: [{ amount: 7900, price: 'price_p' }] });
    const body = JSON.stringify({ id: 'evt_mode_2', object: 'event', type: 'invoice.paid', data: { object: { id: 'in_mode_2', object: 'invoice' } } });
    const deliver = () =>
      t.app.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({
            payload: body,
            secret: WEBHOOK_SECRET,
            timestamp: Math.floor(t.clock.now().getTime() / 1000),
          }),
        },
        payload: body,
      });
    for (let i = 0; i < 5; i += 1) expect((await deliver()).statusCode).toBe(200);
    expect(stripeCalls.filter(({ path }) => path === '/v1/invoices/in_mode_2')).toHaveLength(0);
    expect(await readInvoices(admin)).toHaveLength(before);

    const inbox = new StripeWebhookInbox({
      db: t.db,
      clock: t.clock.now,
      stripe: t.app.subscriptionGateway as StripeSubscriptionGateway,
      sink: t.app.billingEvents,
      vatRate: t.config.billing.vatRate,
      connect: { gateway: t.app.customerPayments as StripeCustomerPayments, events: t.app.customerPaymentEvents },
      log: t.app.log,
    });
    await Promise.all([inbox.round(), inbox.round()]);
    expect(stripeCalls.filter(({ path }) => path === '/v1/invoices/in_mode_2')).toHaveLength(1);
    const invoices = await readInvoices(admin);
    expect(invoices).toHaveLength(before + 1);
    expect(invoices[0]).toMatchObject({ status: 'paid', amount: { net: 7900, vat: 1738, total: 9638 } });
    const [row] = await t.db.asOwner((tx) => tx.select().from(stripeEvents).where(eq(stripeEvents.id, 'evt_mode_2')));
    expect(row).toMatchObject({ attempts: 1, processedAt: t.clock.now(), nextAttemptAt: null });
  });
});
