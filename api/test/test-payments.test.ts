import { eq } from 'drizzle-orm';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { IT } from '@incontra/contracts/messages/it';
import { testAuthenticationSchema, testCardAnswerSchema } from '@incontra/contracts/api/test-payments';
import { testCards } from '../src/db/schema';
import { TEST_CARD_CALLS_PER_MINUTE } from '../src/payments/test-mode/routes';
import { confirmCard, readSubscription, startBillingAppWithAdmins, type BillingTestApp } from './helpers/billing';
import { START_TIMEOUT_MS } from './helpers/test-app';
import type { TestClient } from './helpers/test-client';

/*
 * The built-in test mode's card form (public routes on the company's site): the confirmation of a
 * card typed in against a setup intent, and the authentication page of Stripe's 3155 card. The
 * card number is never kept, only its last four digits.
 */

let t: BillingTestApp;
let demo: TestClient;
let acme: TestClient;
beforeAll(async () => {
  ({ t, demo, acme } = await startBillingAppWithAdmins());
}, START_TIMEOUT_MS);
afterAll(() => t.close());

const cardRows = (companyId: string) => t.db.asOwnerForTenant(companyId, (tx) => tx.select().from(testCards).where(eq(testCards.companyId, companyId)));

async function secret(client: TestClient): Promise<string> {
  return ((await client.get('/api/subscription/setup-intent')).json() as { clientSecret: string }).clientSecret;
}

describe('POST /api/payments/test/confirm', () => {
  it('refuses each bad field with its Italian message (400), keeping nothing', async () => {
    const clientSecret = await secret(demo);
    const good = { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
    const M = IT_BILLING.testMode;
    const cases: [Partial<typeof good>, string, string][] = [
      [{ clientSecret: 'tseti_nope_secret_x' }, 'clientSecret', M.secretInvalid],
      [{ clientSecret: '' }, 'clientSecret', M.secretInvalid],
      [{ cardNumber: '4242 4242 4242 4241' }, 'cardNumber', M.cardNumberInvalid],
      [{ cardNumber: 'quattro' }, 'cardNumber', M.cardNumberInvalid],
      [{ expiry: '13/30' }, 'expiry', M.expiryInvalid],
      // The test clock is in March 2026: February 2026 has ended.
      [{ expiry: '02/26' }, 'expiry', M.expiryInvalid],
      [{ cvc: '12' }, 'cvc', M.cvcInvalid],
    ];
    for (const [change, field, message] of cases) {
      const response = await demo.post('/api/payments/test/confirm', { ...good, ...change });
      expect([response.statusCode, response.json().field, response.json().message]).toEqual([400, field, message]);
    }
    expect(await cardRows(t.demoId)).toEqual([]);
  });

  it('declines 4000 0000 0000 0002 (402) and keeps the secret usable', async () => {
    const clientSecret = await secret(demo);
    const declined = await demo.post('/api/payments/test/confirm', { clientSecret, cardNumber: '4000 0000 0000 0002', expiry: '12/30', cvc: '123' });
    expect([declined.statusCode, declined.json().message]).toEqual([402, IT_BILLING.testMode.cardDeclined]);
    expect(await cardRows(t.demoId)).toEqual([]);
    const accepted = await demo.post('/api/payments/test/confirm', { clientSecret, cardNumber: '5555 5555 5555 4444', expiry: '03/26', cvc: '123' });
    expect(testCardAnswerSchema.parse(accepted.json())).toEqual({ status: 'succeeded', token: expect.stringMatching(/^tpm_[\w-]+$/) });
    const saved = await demo.post('/api/subscription/payment', { stripeToken: accepted.json().token });
    expect(saved.json()).toEqual({ card: { brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2026 } });
  });

  it('uses a secret once a card succeeded, for an hour, on its own company only', async () => {
    const { clientSecret, response } = await confirmCard(demo, '4242424242424242');
    expect(response.statusCode).toBe(200);
    const again = await demo.post('/api/payments/test/confirm', { clientSecret, cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' });
    expect([again.statusCode, again.json().message]).toEqual([400, IT_BILLING.testMode.secretInvalid]);

    const acmeSecret = await secret(acme);
    const elsewhere = await demo.post('/api/payments/test/confirm', { clientSecret: acmeSecret, cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' });
    expect(elsewhere.statusCode).toBe(400);

    t.clock.advance(61 * 60_000);
    const expired = await acme.post('/api/payments/test/confirm', { clientSecret: acmeSecret, cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' });
    expect([expired.statusCode, expired.json().message]).toEqual([400, IT_BILLING.testMode.secretInvalid]);
    demo = await t.staff('admin');
    acme = await t.staff('admin', 'acme.localhost');
  });

  it('never keeps the number, only the last four digits', async () => {
    const stored = JSON.stringify(await cardRows(t.demoId));
    expect(stored).toContain('"last4":"4242"');
    expect(stored).not.toContain('4242424242424242');
    expect(stored).not.toContain('5555555555554444');
  });
});

describe('the authentication card (4000 0025 0000 3155)', () => {
  it('asks for authentication on our page; the card is kept only once approved', async () => {
    const { response } = await confirmCard(demo, '4000 0025 0000 3155');
    const answer = testCardAnswerSchema.parse(response.json());
    expect(answer).toEqual({
      status: 'requires_action',
      token: expect.stringMatching(/^tpm_/),
      authenticationUrl: `/admin/abbonamento/autenticazione/${answer.token}`,
    });
    const url = `/api/payments/test/authentication/${answer.token}`;

    expect((await demo.post('/api/subscription/payment', { stripeToken: answer.token })).statusCode).toBe(422);
    expect(testAuthenticationSchema.parse((await demo.get(url)).json())).toEqual({
      status: 'pending',
      merchant: 'Incontra S.r.l.',
      last4: '3155',
      amount: null,
      returnTo: '/admin/abbonamento',
    });
    // Another company's site does not know it.
    const elsewhere = await acme.get(url);
    expect([elsewhere.statusCode, elsewhere.json().message]).toEqual([404, IT_BILLING.testMode.authenticationNotFound]);

    const bad = await demo.post(url, { approve: 'sì' });
    expect([bad.statusCode, bad.json().field, bad.json().message]).toEqual([400, 'approve', IT_BILLING.testMode.approveInvalid]);
    expect((await demo.post(url, { approve: true })).json()).toMatchObject({ status: 'succeeded' });
    const twice = await demo.post(url, { approve: false });
    expect([twice.statusCode, twice.json().message]).toEqual([409, IT_BILLING.testMode.authenticationAnswered]);
    expect((await demo.get(url)).json()).toMatchObject({ status: 'succeeded' });

    const saved = await demo.post('/api/subscription/payment', { stripeToken: answer.token });
    expect(saved.json()).toEqual({ card: { brand: 'visa', last4: '3155', expMonth: 12, expYear: 2030 } });
    expect((await readSubscription(demo)).status).toBe('trialing');
  });

  it('keeps nothing when the cardholder refuses', async () => {
    const { response } = await confirmCard(acme, '4000002500003155');
    const { token } = testCardAnswerSchema.parse(response.json());
    expect((await acme.post(`/api/payments/test/authentication/${token}`, { approve: false })).json()).toMatchObject({ status: 'failed' });
    const refused = await acme.post('/api/subscription/payment', { stripeToken: token });
    expect([refused.statusCode, refused.json().message]).toEqual([422, IT_BILLING.cardTokenInvalid]);
    expect((await acme.get('/api/subscription/payment')).json()).toEqual({ card: null });
  });

  it('answers 404 for an unknown token', async () => {
    const response = await demo.get('/api/payments/test/authentication/tpm_unknown');
    expect([response.statusCode, response.json().message]).toEqual([404, IT_BILLING.testMode.authenticationNotFound]);
  });
});

describe('the test-mode gateway', () => {
  it('charges once per idempotency key: the same key gives the same outcome', async () => {
    const customerId = (await t.subscriptionRow(t.demoId)).providerCustomerId!;
    const plan = { id: 'basic', name: 'Basic', price: 2900, stripePriceId: null };
    const gateway = t.app.subscriptionGateway;
    const start = (idempotencyKey: string) => gateway.start({ companyId: t.demoId, customerId, plan, vatRate: 22, now: t.clock.now(), idempotencyKey });
    const first = await start('key-1');
    t.clock.advance(60_000);
    const replay = await start('key-1');
    expect(first).toMatchObject({ status: 'paid', amount: { net: 2900, vat: 638, total: 3538 } });
    expect(replay).toEqual(first);
    expect(await t.charges(t.demoId)).toHaveLength(1);
    const other = await start('key-2');
    expect(other).toMatchObject({ status: 'paid' });
    expect(other).not.toMatchObject({ providerChargeId: (first as { providerChargeId: string }).providerChargeId });
    expect(await t.charges(t.demoId)).toHaveLength(2);
  });

  it('declines without a card on file, charging nothing', async () => {
    const plan = { id: 'basic', name: 'Basic', price: 2900, stripePriceId: null };
    const outcome = await t.app.subscriptionGateway.start({
      companyId: t.acmeId,
      customerId: 'tcus_none',
      plan,
      vatRate: 22,
      now: t.clock.now(),
      idempotencyKey: 'k',
    });
    expect(outcome).toEqual({ status: 'declined', message: IT_BILLING.stripe.noCard });
    expect(await t.charges(t.acmeId)).toEqual([]);
  });
});

describe('rate limit', () => {
  it(`allows ${TEST_CARD_CALLS_PER_MINUTE} card calls a minute per address, then 429`, async () => {
    const client = await t.staff('admin');
    const body = { clientSecret: 'tseti_x_secret_y', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' };
    const statuses: number[] = [];
    for (let call = 0; call <= TEST_CARD_CALLS_PER_MINUTE; call += 1) statuses.push((await client.post('/api/payments/test/confirm', body)).statusCode);
    expect(statuses.slice(0, TEST_CARD_CALLS_PER_MINUTE).every((status) => status === 400)).toBe(true);
    const last = await client.post('/api/payments/test/confirm', body);
    expect([statuses.at(-1), last.json().message]).toEqual([429, IT.errors.tooManyRequests]);
  });
});
