import { eq } from 'drizzle-orm';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { IT_BILLING_DATA } from '@incontra/contracts/messages/it-billing-data';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { billingDataAnswerSchema } from '@incontra/contracts/api/billing-data';
import { checkoutPreviewSchema, paymentAnswerSchema, PRORATION_DATE_MAX_AGE_MS } from '@incontra/contracts/api/subscription';
import { SETUP_INTENTS_PER_MINUTE } from '../src/billing/routes';
import { activityLog, stores } from '../src/db/schema';
import {
  addCard,
  confirmCard,
  DAY_MS,
  GOOD_BILLING_DATA,
  readInvoices,
  readSubscription,
  startBillingAppWithAdmins,
  type BillingTestApp,
} from './helpers/billing';
import { validateFatturaPA } from './helpers/fatturapa-schema';
import { START_TIMEOUT_MS } from './helpers/test-app';
import { HttpError } from '../src/http/http-error';
import type { TestClient } from './helpers/test-client';

const CLEARED = { pendingChange: null, pendingChangeKey: null, pendingChangeAt: null, pendingChangeProrationAt: null };

/*
 * The subscription's calls in the built-in test mode, through the real app: invoicing data, the
 * card on file (through the test mode's card form), the preview and the checkout of each kind of
 * change, cancel and undo, the invoices; admins only, each company its own. Demo starts in its
 * trial (pro-trial), Acme on an active Pro with a downgrade to Basic scheduled, neither with a card.
 */

let t: BillingTestApp;
let demo: TestClient;
let acme: TestClient;
beforeAll(async () => {
  ({ t, demo, acme } = await startBillingAppWithAdmins());
}, START_TIMEOUT_MS);
afterAll(() => t.close());

async function demoStore(): Promise<string> {
  const [store] = await t.db.asOwnerForTenant(t.demoId, (tx) => tx.select({ id: stores.id }).from(stores).where(eq(stores.companyId, t.demoId)));
  return store!.id;
}

describe('the subscription summary', () => {
  it('answers the test mode, the VAT, no cancellation and no lockout', async () => {
    const subscription = await readSubscription(demo);
    expect(subscription).toMatchObject({
      status: 'trialing',
      cancelAtPeriodEnd: false,
      graceEndsAt: null,
      billingOnly: false,
      paymentMode: 'test',
      vatRate: 22,
    });
    expect(subscription.plans.map((plan) => plan.id)).toEqual(['basic', 'pro']);
  });

  it('is billing-only once the trial has ended, before any sweep', async () => {
    await t.forceSubscription(t.demoId, { trialEndsAt: new Date(t.clock.now().getTime() - 1000) });
    expect((await readSubscription(demo)).billingOnly).toBe(true);
    await t.forceSubscription(t.demoId, { trialEndsAt: new Date(t.clock.now().getTime() + 14 * DAY_MS) });
    expect((await readSubscription(demo)).billingOnly).toBe(false);
  });
});

describe('operators', () => {
  it.each([
    ['GET', '/api/subscription/billing'],
    ['POST', '/api/subscription/billing'],
    ['GET', '/api/subscription/payment'],
    ['POST', '/api/subscription/payment'],
    ['GET', '/api/subscription/setup-intent'],
    ['POST', '/api/subscription/checkout-preview'],
    ['POST', '/api/subscription/checkout'],
    ['POST', '/api/subscription/cancel'],
    ['GET', '/api/payments/company'],
  ] as const)('are refused %s %s (403)', async (method, url) => {
    const operator = await t.staff('operatore');
    const response = await operator.request(method, url, method === 'POST' ? { plan: 'pro' } : undefined);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(IT_MANAGEMENT.forbidden);
  });

  it('still read the summary', async () => {
    expect((await (await t.staff('operatore')).get('/api/subscription')).statusCode).toBe(200);
  });
});

describe('invoicing data', () => {
  it('refuses bad fields one by one with their Italian message, saving nothing', async () => {
    const V = IT_BILLING_DATA.validation;
    const cases: [Partial<typeof GOOD_BILLING_DATA>, string, string][] = [
      [{ vatNumber: '02345678905' }, 'vatNumber', V.vatNumberInvalid],
      [{ taxCode: 'XYZ' }, 'taxCode', V.taxCodeInvalid],
      [{ postalCode: '2012' }, 'postalCode', V.postalCodeInvalid],
      [{ province: 'ZZ' }, 'province', V.provinceInvalid],
      [{ legalName: '  ' }, 'legalName', V.legalNameRequired],
      [{ sdiCode: '', pec: '' }, 'sdiCode', V.sdiCodeOrPec],
    ];
    for (const [change, field, message] of cases) {
      const response = await demo.post('/api/subscription/billing', { ...GOOD_BILLING_DATA, ...change });
      expect([response.statusCode, response.json().field, response.json().message]).toEqual([400, field, message]);
    }
    expect(billingDataAnswerSchema.parse((await demo.get('/api/subscription/billing')).json())).toEqual({ billing: null });
  });

  it('saves good data (codes upper-cased) for the company only', async () => {
    const response = await demo.post('/api/subscription/billing', { ...GOOD_BILLING_DATA, province: 'mi', sdiCode: 'abc1234' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ billing: GOOD_BILLING_DATA });
    expect((await demo.get('/api/subscription/billing')).json()).toEqual({ billing: GOOD_BILLING_DATA });
    expect((await acme.get('/api/subscription/billing')).json()).toEqual({ billing: null });
    // Saved again: replaced, PEC instead of the SdI code.
    const pec = { ...GOOD_BILLING_DATA, sdiCode: '', pec: 'amministrazione@pec.rossi.it' };
    expect((await demo.post('/api/subscription/billing', pec)).json()).toEqual({ billing: pec });
    await demo.post('/api/subscription/billing', GOOD_BILLING_DATA);
  });
});

describe('the card on file', () => {
  it('is none at first; a token that is no confirmed card is 422, an empty one 400', async () => {
    expect(paymentAnswerSchema.parse((await demo.get('/api/subscription/payment')).json())).toEqual({ card: null });
    // The company has no customer yet: any token is refused.
    const unknown = await acme.post('/api/subscription/payment', { stripeToken: 'tpm_nothing' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([422, IT_BILLING.cardTokenInvalid]);
    await acme.get('/api/subscription/setup-intent');
    const stillUnknown = await acme.post('/api/subscription/payment', { stripeToken: 'tpm_nothing' });
    expect([stillUnknown.statusCode, stillUnknown.json().message]).toEqual([422, IT_BILLING.cardTokenInvalid]);
    const empty = await demo.post('/api/subscription/payment', { stripeToken: '' });
    expect([empty.statusCode, empty.json().field, empty.json().message]).toEqual([400, 'stripeToken', IT_BILLING.cardTokenInvalid]);
    expect((await demo.get('/api/subscription/payment')).json()).toEqual({ card: null });
  });

  it('answers a test-mode setup intent', async () => {
    const response = await demo.get('/api/subscription/setup-intent');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ mode: 'test', clientSecret: expect.stringMatching(/^tseti_[0-9a-f-]{36}_secret_[\w-]+$/), publishableKey: null });
  });

  it(`opens at most ${SETUP_INTENTS_PER_MINUTE} card forms a minute per address (429 after)`, async () => {
    const admin = await t.staff('admin');
    const statuses: number[] = [];
    for (let call = 0; call <= SETUP_INTENTS_PER_MINUTE; call += 1) statuses.push((await admin.get('/api/subscription/setup-intent')).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(SETUP_INTENTS_PER_MINUTE);
    expect(statuses.at(-1)).toBe(429);
  });

  it('keeps 4242 as the card on file, once; another company cannot use its token', async () => {
    const { response } = await confirmCard(demo, '4242 4242 4242 4242');
    const { token } = response.json() as { token: string };
    const stolen = await acme.post('/api/subscription/payment', { stripeToken: token });
    expect(stolen.statusCode).toBe(422);
    const saved = await demo.post('/api/subscription/payment', { stripeToken: token });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 } });
    const again = await demo.post('/api/subscription/payment', { stripeToken: token });
    expect([again.statusCode, again.json().message]).toEqual([422, IT_BILLING.cardTokenInvalid]);
    expect((await acme.get('/api/subscription/payment')).json()).toEqual({ card: null });
  });
});

describe('checkout', () => {
  it('refuses a plan not on sale (400 plan), the trial included, changing nothing', async () => {
    for (const plan of ['platinum', 'pro-trial', '']) {
      for (const url of ['/api/subscription/checkout-preview', '/api/subscription/checkout']) {
        const response = await demo.post(url, { plan });
        expect([response.statusCode, response.json().field, response.json().message]).toEqual([400, 'plan', IT_BILLING.planUnknown]);
      }
    }
    expect((await readSubscription(demo)).plan.id).toBe('pro-trial');
  });

  it('previews a start from the trial: the full month with VAT', async () => {
    const preview = checkoutPreviewSchema.parse((await demo.post('/api/subscription/checkout-preview', { plan: 'basic' })).json());
    expect(preview).toEqual({
      plan: expect.objectContaining({ id: 'basic', price: 2900 }),
      change: 'start',
      dueNow: { net: 2900, vat: 638, total: 3538 },
      nextPeriod: { net: 2900, vat: 638, total: 3538 },
      effectiveAt: '2026-03-02T09:00:00.000Z',
      prorationDate: '2026-03-02T09:00:00.000Z',
      nextPeriodStartsAt: '2026-04-02T09:00:00.000Z',
    });
  });

  it('needs a card on file and the invoicing data (422 each)', async () => {
    const noCard = await acme.post('/api/subscription/checkout', { plan: 'pro' });
    expect([noCard.statusCode, noCard.json().message]).toEqual([422, IT_BILLING.changes.cardRequired]);
    await addCard(acme);
    const noData = await acme.post('/api/subscription/checkout', { plan: 'pro' });
    expect([noData.statusCode, noData.json().message]).toEqual([422, IT_BILLING.changes.billingDataRequired]);
    expect((await t.subscriptionRow(t.acmeId)).pendingChange).toBeNull();
  });

  it('declines with 0341 (402, the message), nothing changed, and the next try is not blocked', async () => {
    await addCard(demo, '4000 0000 0000 0341');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await demo.post('/api/subscription/checkout', { plan: 'basic' });
      expect([response.statusCode, response.json().message]).toEqual([402, IT_BILLING.testMode.cardDeclined]);
    }
    expect(await readSubscription(demo)).toMatchObject({ status: 'trialing', plan: { id: 'pro-trial' } });
    expect(await t.invoiceRows(t.demoId)).toEqual([]);
    expect((await t.subscriptionRow(t.demoId)).pendingChange).toBeNull();
  });

  it('starts Basic with 4242: paid, a month from now, its invoice, e-invoice and receipt e-mail', async () => {
    await addCard(demo);
    const response = await demo.post('/api/subscription/checkout', { plan: 'basic' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'active', plan: { id: 'basic' }, nextPlan: null, currentPeriodEndsAt: '2026-04-02T09:00:00.000Z' });
    const [invoice, ...others] = await readInvoices(demo);
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({
      number: expect.stringMatching(/^2026-\d{6}$/),
      status: 'paid',
      amount: { net: 2900, vat: 638, total: 3538 },
      description: 'Abbonamento Basic dal 02/03/2026 al 02/04/2026',
      periodStart: '2026-03-02T09:00:00.000Z',
      periodEnd: '2026-04-02T09:00:00.000Z',
      failureMessage: null,
      receiptUrl: `/api/payments/company/${invoice!.id}/receipt`,
      eInvoice: { fileName: expect.stringMatching(/^IT\w+_\w{1,5}\.xml$/), url: `/api/payments/company/${invoice!.id}/e-invoice` },
    });
    expect(await t.charges(t.demoId)).toHaveLength(1);
    // The FatturaPA file of the charge, as the admin downloads it, is valid against the official schema.
    const eInvoice = await demo.get(invoice!.eInvoice!.url);
    expect(eInvoice.statusCode).toBe(200);
    expect(eInvoice.body).toContain('<Denominazione>Rossi Consulenze S.r.l.</Denominazione>');
    expect(await validateFatturaPA(eInvoice.body)).toMatchObject({ valid: true });
    const receipts = (await t.mails(t.demoId)).filter((mail) => mail.subject === IT_BILLING.charges.receiptSubject(invoice!.number));
    expect(receipts).toEqual([expect.objectContaining({ to: 'admin@demo.incontra.local', text: expect.stringContaining('Totale: 35,38 €') })]);
    // Another company sees none of it, and cannot download it.
    expect(await readInvoices(acme)).toEqual([]);
    expect((await acme.get(`/api/payments/company/${invoice!.id}/receipt`)).statusCode).toBe(404);
  });

  it("counts the plan's limits on the live plan: Basic (2 rooms) refuses one more room at once", async () => {
    const response = await demo.post('/api/room', { storeId: await demoStore(), name: 'Sala Nuova' });
    expect([response.statusCode, response.json().message]).toEqual([422, IT_MANAGEMENT.planLimit.rooms]);
  });

  it('refuses the current plan (409)', async () => {
    const response = await demo.post('/api/subscription/checkout', { plan: 'basic' });
    expect([response.statusCode, response.json().message]).toEqual([409, IT_BILLING.changes.currentPlan]);
  });

  it('upgrades to Pro ten days later, charging the rest of the period as previewed', async () => {
    t.clock.advance(10 * DAY_MS);
    demo = await t.staff('admin');
    acme = await t.staff('admin', 'acme.localhost');
    const preview = checkoutPreviewSchema.parse((await demo.post('/api/subscription/checkout-preview', { plan: 'pro' })).json());
    // (7900 − 2900) × 21 / 31 days = 3387 cents, VAT 745.
    expect(preview).toMatchObject({
      change: 'upgrade',
      dueNow: { net: 3387, vat: 745, total: 4132 },
      nextPeriod: { net: 7900, vat: 1738, total: 9638 },
      effectiveAt: '2026-03-12T09:00:00.000Z',
      nextPeriodStartsAt: '2026-04-02T09:00:00.000Z',
    });
    expect(preview.prorationDate).toBe('2026-03-12T09:00:00.000Z');
    // A proration date too old (beyond 15 minutes), in the future or malformed is refused: preview again. Nothing changes.
    const refusals = [
      new Date(t.clock.now().getTime() - PRORATION_DATE_MAX_AGE_MS - 1000).toISOString(),
      new Date(t.clock.now().getTime() + 60_000).toISOString(),
      'ieri',
    ];
    for (const prorationDate of refusals) {
      const refused = await demo.post('/api/subscription/checkout', { plan: 'pro', prorationDate });
      expect([refused.statusCode, refused.json().field, refused.json().message]).toEqual([400, 'prorationDate', IT_BILLING.prorationDateInvalid]);
    }
    expect(await readSubscription(demo)).toMatchObject({ plan: { id: 'basic' } });
    expect((await t.subscriptionRow(t.demoId)).pendingChange).toBeNull();
    // Confirmed 14 minutes after the preview, with its proration date: charged exactly the preview's
    // figures (prorated at the checkout's own time it would be 3386 + VAT).
    t.clock.advance(14 * 60_000);
    const response = await demo.post('/api/subscription/checkout', { plan: 'pro', prorationDate: preview.prorationDate });
    expect(response.json()).toMatchObject({ status: 'active', plan: { id: 'pro' }, currentPeriodEndsAt: '2026-04-02T09:00:00.000Z' });
    const [latest] = await readInvoices(demo);
    expect(latest).toMatchObject({ status: 'paid', amount: preview.dueNow, description: 'Passaggio al piano Pro, quota dal 12/03/2026 al 02/04/2026' });
    expect(await t.charges(t.demoId)).toHaveLength(2);
    // Pro's rooms are unlimited from now on.
    expect((await demo.post('/api/room', { storeId: await demoStore(), name: 'Sala Nuova' })).statusCode).toBe(201);
  });

  it('schedules a downgrade for the period end, charging nothing; choosing Pro again takes it back', async () => {
    const preview = checkoutPreviewSchema.parse((await demo.post('/api/subscription/checkout-preview', { plan: 'basic' })).json());
    expect(preview).toMatchObject({ change: 'downgrade', dueNow: { net: 0, vat: 0, total: 0 }, effectiveAt: '2026-04-02T09:00:00.000Z' });
    const response = await demo.post('/api/subscription/checkout', { plan: 'basic' });
    expect(response.json()).toMatchObject({ plan: { id: 'pro' }, nextPlan: { id: 'basic' } });
    const twice = await demo.post('/api/subscription/checkout', { plan: 'basic' });
    expect([twice.statusCode, twice.json().message]).toEqual([409, IT_BILLING.changes.alreadyScheduled]);
    expect((await demo.post('/api/subscription/checkout-preview', { plan: 'pro' })).json()).toMatchObject({ change: 'upgrade', dueNow: { total: 0 } });
    expect((await demo.post('/api/subscription/checkout', { plan: 'pro' })).json()).toMatchObject({ plan: { id: 'pro' }, nextPlan: null });
    expect(await t.charges(t.demoId)).toHaveLength(2);
    expect(await readInvoices(demo)).toHaveLength(2);
  });

  it('answers one of two parallel checkouts: one charge, one invoice', async () => {
    await acme.post('/api/subscription/billing', GOOD_BILLING_DATA);
    await t.forceSubscription(t.acmeId, { status: 'canceled', nextPlanId: null });
    const answers = await Promise.all([acme.post('/api/subscription/checkout', { plan: 'basic' }), acme.post('/api/subscription/checkout', { plan: 'basic' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect([IT_BILLING.changes.inProgress, IT_BILLING.changes.currentPlan]).toContain(answers.find((answer) => answer.statusCode === 409)!.json().message);
    expect(await t.charges(t.acmeId)).toHaveLength(1);
    expect(await t.invoiceRows(t.acmeId)).toHaveLength(1);
    expect(await readSubscription(acme)).toMatchObject({ status: 'active', plan: { id: 'basic' } });
  });

  it('refuses a checkout while another is in progress (409)', async () => {
    await t.forceSubscription(t.acmeId, { pendingChange: 'pro', pendingChangeKey: 'held', pendingChangeAt: t.clock.now() });
    const response = await acme.post('/api/subscription/checkout', { plan: 'pro' });
    expect([response.statusCode, response.json().message]).toEqual([409, IT_BILLING.changes.inProgress]);
    // A change left pending by a stopped process no longer blocks after a while.
    t.clock.advance(3 * 60_000);
    const later = await acme.post('/api/subscription/checkout', { plan: 'pro' });
    expect(later.statusCode).toBe(200);
    expect(later.json()).toMatchObject({ plan: { id: 'pro' } });
  });
});

describe('a checkout whose process stopped after the charge', () => {
  const PRO = { id: 'pro', name: 'Pro', price: 7900, stripePriceId: null };

  /** Acme canceled, with a card and its invoicing data; the stopped process's charge made at the gateway with `key`. */
  async function chargedButNotApplied(key: string): Promise<void> {
    await t.forceSubscription(t.acmeId, { status: 'canceled', planId: 'basic', nextPlanId: null, ...CLEARED });
    const { providerCustomerId } = await t.subscriptionRow(t.acmeId);
    const gateway = t.app.subscriptionGateway;
    const outcome = await gateway.start({
      companyId: t.acmeId,
      customerId: providerCustomerId!,
      plan: PRO,
      vatRate: 22,
      now: t.clock.now(),
      idempotencyKey: key,
    });
    expect(outcome.status).toBe('paid');
  }

  it('is finished with its own key before a checkout of another plan: charged once, then the new change', async () => {
    await chargedButNotApplied('stopped-1');
    const before = (await t.charges(t.acmeId)).length;
    const invoicesBefore = (await t.invoiceRows(t.acmeId)).length;
    // The process took the change three minutes ago and stopped: Pro is charged, the row still says canceled.
    await t.forceSubscription(t.acmeId, {
      pendingChange: 'pro',
      pendingChangeKey: 'stopped-1',
      pendingChangeAt: new Date(t.clock.now().getTime() - 3 * 60_000),
    });
    const response = await acme.post('/api/subscription/checkout', { plan: 'basic' });
    expect(response.statusCode).toBe(200);
    // Pro as paid by the stopped process, and Basic from its end: a downgrade, charging nothing.
    expect(response.json()).toMatchObject({ status: 'active', plan: { id: 'pro' }, nextPlan: { id: 'basic' } });
    expect(await t.charges(t.acmeId)).toHaveLength(before);
    expect(await t.invoiceRows(t.acmeId)).toHaveLength(invoicesBefore + 1);
    expect(await t.subscriptionRow(t.acmeId)).toMatchObject(CLEARED);
  });

  it('answers the same plan asked again with the charge already made, not a second one', async () => {
    await chargedButNotApplied('stopped-2');
    const before = (await t.charges(t.acmeId)).length;
    await t.forceSubscription(t.acmeId, {
      pendingChange: 'pro',
      pendingChangeKey: 'stopped-2',
      pendingChangeAt: new Date(t.clock.now().getTime() - 3 * 60_000),
    });
    const response = await acme.post('/api/subscription/checkout', { plan: 'pro' });
    expect([response.statusCode, response.json().plan.id, response.json().status]).toEqual([200, 'pro', 'active']);
    expect(await t.charges(t.acmeId)).toHaveLength(before);
  });

  it('keeps the change with its key when the gateway did not answer (503), and finishes it at the next checkout', async () => {
    await t.forceSubscription(t.acmeId, { status: 'canceled', planId: 'basic', nextPlanId: null, ...CLEARED });
    const gateway = t.app.subscriptionGateway;
    const start = gateway.start.bind(gateway);
    // The charge is made, its answer lost on the way back.
    gateway.start = async (input) => {
      await start(input);
      throw new HttpError(503, IT_BILLING.stripe.unavailable);
    };
    const before = (await t.charges(t.acmeId)).length;
    let lost;
    try {
      lost = await acme.post('/api/subscription/checkout', { plan: 'pro' });
    } finally {
      gateway.start = start;
    }
    expect([lost.statusCode, lost.json().message]).toEqual([503, IT_BILLING.stripe.unavailable]);
    expect(await t.charges(t.acmeId)).toHaveLength(before + 1);
    // Interrupted, not in progress: nothing waits for the stale delay.
    expect(await t.subscriptionRow(t.acmeId)).toMatchObject({
      status: 'canceled',
      pendingChange: 'pro',
      pendingChangeKey: expect.any(String),
      pendingChangeAt: null,
    });
    const retried = await acme.post('/api/subscription/checkout', { plan: 'pro' });
    expect([retried.statusCode, retried.json().plan.id, retried.json().status]).toEqual([200, 'pro', 'active']);
    expect(await t.charges(t.acmeId)).toHaveLength(before + 1);
    expect(await t.subscriptionRow(t.acmeId)).toMatchObject(CLEARED);
  });

  it('clears a change declined on its second asking, and the next checkout charges afresh', async () => {
    await t.forceSubscription(t.acmeId, { status: 'canceled', planId: 'basic', nextPlanId: null, ...CLEARED });
    await t.forceSubscription(t.acmeId, { pendingChange: 'pro', pendingChangeKey: 'never-charged', pendingChangeAt: null });
    await addCard(acme, '4000 0000 0000 0341');
    const declined = await acme.post('/api/subscription/checkout', { plan: 'pro' });
    expect([declined.statusCode, declined.json().message]).toEqual([402, IT_BILLING.testMode.cardDeclined]);
    expect(await t.subscriptionRow(t.acmeId)).toMatchObject({ status: 'canceled', ...CLEARED });
    await addCard(acme);
    expect((await acme.post('/api/subscription/checkout', { plan: 'pro' })).json()).toMatchObject({ status: 'active', plan: { id: 'pro' } });
  });
});

describe('cancel and undo', () => {
  it('refuses a bad body (400 undo)', async () => {
    const response = await demo.post('/api/subscription/cancel', { undo: 'yes' });
    expect([response.statusCode, response.json().field, response.json().message]).toEqual([400, 'undo', IT_BILLING.undoInvalid]);
    expect((await readSubscription(demo)).cancelAtPeriodEnd).toBe(false);
  });

  it('cancels at the period end and takes it back until then', async () => {
    expect((await demo.post('/api/subscription/cancel', {})).json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect((await demo.post('/api/subscription/cancel', {})).json()).toMatchObject({ cancelAtPeriodEnd: true });
    expect((await demo.post('/api/subscription/cancel', { undo: true })).json()).toMatchObject({ cancelAtPeriodEnd: false });
    expect((await acme.get('/api/subscription')).json()).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it('has nothing to cancel in a trial (409)', async () => {
    await t.forceSubscription(t.acmeId, { status: 'trialing', planId: 'pro-trial' });
    const response = await acme.post('/api/subscription/cancel', {});
    expect([response.statusCode, response.json().message]).toEqual([409, IT_BILLING.changes.nothingToCancel]);
  });
});

describe('the activity log', () => {
  it("has a line for each of the admin's billing writes, none for the refused or declined ones", async () => {
    const rows = await t.db.asOwnerForTenant(t.demoId, (tx) =>
      tx
        .select({ summary: activityLog.summary, userName: activityLog.userName })
        .from(activityLog)
        .where(eq(activityLog.companyId, t.demoId))
        .orderBy(activityLog.createdAt),
    );
    const billing = rows.map((row) => row.summary);
    const A = IT_BILLING.activity;
    expect(billing.filter((summary) => summary === A.start('Basic'))).toHaveLength(1);
    for (const line of [
      A.billingData,
      A.card('4242'),
      A.card('0341'),
      A.upgrade('Pro'),
      A.downgrade('Basic', '02/04/2026'),
      A.takeBack('Pro'),
      A.cancel('02/04/2026'),
      A.undo,
    ]) {
      expect(billing).toContain(line);
    }
    expect(rows.every((row) => row.userName === 'Anna Rossi')).toBe(true);
  });
});
