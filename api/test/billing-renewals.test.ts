import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { sweepRenewals } from '../src/billing/renewals';
import type { GatewayEvent } from '../src/payments/subscription-gateway';
import { addCard, DAY_MS, GOOD_BILLING_DATA, readInvoices, readSubscription, startBillingApp, type BillingTestApp } from './helpers/billing';
import { START_TIMEOUT_MS } from './helpers/test-app';
import type { TestClient } from './helpers/test-client';

/*
 * What happens after the fact, with the test clock and the sweep run by hand: trials that end,
 * renewals paid or declined in the test mode, the daily retries and the grace, a cancellation at
 * the period's end, a downgrade applied at renewal; and the events sink, each event applied once
 * whatever the replays and the order.
 */

let t: BillingTestApp;
let demo: TestClient;
beforeAll(async () => {
  t = await startBillingApp();
}, START_TIMEOUT_MS);
afterAll(() => t.close());

const sweep = () => sweepRenewals({ db: t.db, clock: t.clock.now, gateway: t.app.subscriptionGateway, events: t.app.billingEvents, billing: t.config.billing });

/** Moves the clock to `at` plus a minute, and signs Demo's admin in again (sessions end after two idle hours). */
async function travelTo(at: string | Date): Promise<void> {
  const target = new Date(at).getTime() + 60_000;
  t.clock.advance(target - t.clock.now().getTime());
  demo = await t.staff('admin');
}

describe('the renewal sweep', () => {
  it('ends a trial that ended without a paid plan, once', async () => {
    const trialEndsAt = (await t.subscriptionRow(t.demoId)).trialEndsAt!;
    await travelTo(new Date(trialEndsAt.getTime() - 2 * 60_000));
    expect(await sweep()).toBe(0);
    await travelTo(trialEndsAt);
    expect(await sweep()).toBe(1);
    expect(await readSubscription(demo)).toMatchObject({ status: 'canceled', billingOnly: true, nextPlan: null });
    expect(await sweep()).toBe(0);
    // Acme's paid period is not over yet: untouched.
    expect((await t.subscriptionRow(t.acmeId)).status).toBe('active');
  });

  it('renews a paid period at its end with the same plan, once', async () => {
    await demo.post('/api/subscription/billing', GOOD_BILLING_DATA);
    await addCard(demo);
    const started = await demo.post('/api/subscription/checkout', { plan: 'basic' });
    expect(started.json()).toMatchObject({ status: 'active', billingOnly: false });
    const periodEnd = (await t.subscriptionRow(t.demoId)).currentPeriodEndsAt!;
    await travelTo(periodEnd);
    await sweep();
    expect(await sweep()).toBe(0);
    const row = await t.subscriptionRow(t.demoId);
    expect(row).toMatchObject({ status: 'active', planId: 'basic', currentPeriodStartsAt: periodEnd, renewalClaimedUntil: null });
    expect(row.currentPeriodEndsAt!.getTime()).toBeGreaterThan(periodEnd.getTime() + 27 * DAY_MS);
    const [renewal] = await readInvoices(demo);
    expect(renewal).toMatchObject({ status: 'paid', amount: { net: 2900, vat: 638, total: 3538 }, periodStart: periodEnd.toISOString() });
    expect(await readInvoices(demo)).toHaveLength(2);
  });

  it('puts Acme, with no card, past due after its period, then cancels it after the grace', async () => {
    const acmeRow = await t.subscriptionRow(t.acmeId);
    expect(acmeRow.status).toBe('past_due');
    expect(acmeRow.graceEndsAt!.getTime() - acmeRow.nextAttemptAt!.getTime()).toBe(6 * DAY_MS);
    const [failed] = await t.invoiceRows(t.acmeId);
    expect(failed).toMatchObject({ status: 'failed', failureMessage: IT_BILLING.stripe.noCard, planId: 'basic' });
  });

  it('applies a scheduled downgrade at the renewal', async () => {
    expect((await demo.post('/api/subscription/checkout', { plan: 'pro' })).statusCode).toBe(200);
    expect((await demo.post('/api/subscription/checkout', { plan: 'basic' })).json()).toMatchObject({ plan: { id: 'pro' }, nextPlan: { id: 'basic' } });
    await travelTo((await t.subscriptionRow(t.demoId)).currentPeriodEndsAt!);
    await sweep();
    expect(await readSubscription(demo)).toMatchObject({ status: 'active', plan: { id: 'basic' }, nextPlan: null });
    expect((await readInvoices(demo))[0]).toMatchObject({ status: 'paid', amount: { total: 3538 } });
  });

  it('retries a declined renewal once a day within the grace, and recovers with a new card', async () => {
    await addCard(demo, '4000 0000 0000 0341');
    const periodEnd = (await t.subscriptionRow(t.demoId)).currentPeriodEndsAt!;
    await travelTo(periodEnd);
    const before = (await t.invoiceRows(t.demoId)).length;
    await sweep();
    const pastDue = await t.subscriptionRow(t.demoId);
    expect(pastDue).toMatchObject({ status: 'past_due', currentPeriodEndsAt: periodEnd });
    expect(pastDue.graceEndsAt!.getTime()).toBe(t.clock.now().getTime() + 7 * DAY_MS);
    expect(await readSubscription(demo)).toMatchObject({ status: 'past_due', graceEndsAt: pastDue.graceEndsAt!.toISOString(), billingOnly: false });
    expect((await readInvoices(demo))[0]).toMatchObject({
      status: 'failed',
      failureMessage: IT_BILLING.testMode.cardDeclined,
      receiptUrl: null,
      eInvoice: null,
    });
    expect((await t.mails(t.demoId)).filter((mail) => mail.subject === IT_BILLING.charges.failedSubject)).toHaveLength(1);
    expect(await sweep()).toBe(0);

    await travelTo(pastDue.nextAttemptAt!);
    await sweep();
    const retried = await t.subscriptionRow(t.demoId);
    expect(retried).toMatchObject({ status: 'past_due', graceEndsAt: pastDue.graceEndsAt });
    expect(await t.invoiceRows(t.demoId)).toHaveLength(before + 2);
    expect((await t.mails(t.demoId)).filter((mail) => mail.subject === IT_BILLING.charges.failedSubject)).toHaveLength(1);

    // A new card: the next run tries it, not a day later.
    await addCard(demo);
    expect((await t.subscriptionRow(t.demoId)).nextAttemptAt).toEqual(t.clock.now());
    await sweep();
    const recovered = await t.subscriptionRow(t.demoId);
    expect(recovered).toMatchObject({ status: 'active', graceEndsAt: null, nextAttemptAt: null, currentPeriodStartsAt: periodEnd });
    expect((await readInvoices(demo))[0]).toMatchObject({ status: 'paid', periodStart: periodEnd.toISOString() });
  });

  it('cancels when the grace ends without a payment', async () => {
    await addCard(demo, '4000 0000 0000 0341');
    await travelTo((await t.subscriptionRow(t.demoId)).currentPeriodEndsAt!);
    await sweep();
    const graceEndsAt = (await t.subscriptionRow(t.demoId)).graceEndsAt!;
    await travelTo(graceEndsAt);
    await sweep();
    expect(await readSubscription(demo)).toMatchObject({ status: 'canceled', billingOnly: true, graceEndsAt: null });
    expect((await t.subscriptionRow(t.acmeId)).status).toBe('canceled');
  });

  it('ends a subscription cancelled at its period end, and a new start charges again', async () => {
    await addCard(demo);
    expect((await demo.post('/api/subscription/checkout', { plan: 'pro' })).json()).toMatchObject({ status: 'active', plan: { id: 'pro' } });
    expect((await demo.post('/api/subscription/cancel', {})).json()).toMatchObject({ cancelAtPeriodEnd: true });
    const paid = (await t.invoiceRows(t.demoId)).length;
    await travelTo((await t.subscriptionRow(t.demoId)).currentPeriodEndsAt!);
    await sweep();
    expect(await readSubscription(demo)).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false, billingOnly: true });
    expect(await t.invoiceRows(t.demoId)).toHaveLength(paid);
  });
});

describe('the events sink', () => {
  const P0 = new Date('2027-01-01T00:00:00Z');
  const P1 = new Date('2027-02-01T00:00:00Z');
  const P2 = new Date('2027-03-01T00:00:00Z');
  const P3 = new Date('2027-04-01T00:00:00Z');
  const amount = { net: 2900, vat: 638, total: 3538 };

  const reset = () =>
    t.forceSubscription(t.acmeId, {
      status: 'active',
      planId: 'basic',
      nextPlanId: null,
      currentPeriodStartsAt: P0,
      currentPeriodEndsAt: P1,
      graceEndsAt: null,
      nextAttemptAt: null,
      cancelAtPeriodEnd: false,
    });

  function permutations<T>(items: T[]): T[][] {
    if (items.length <= 1) return [items];
    return items.flatMap((item, index) => permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]));
  }

  /** Applies each event of `order` five times, the whole order repeated; answers the outcomes of the first round. */
  async function applyFiveTimes(order: GatewayEvent[]): Promise<string[]> {
    const outcomes: string[] = [];
    for (let round = 0; round < 5; round += 1) {
      for (const event of order) {
        const outcome = await t.app.billingEvents.apply(event);
        if (round === 0) outcomes.push(outcome);
        else expect(outcome).toBe('duplicate');
      }
    }
    return outcomes;
  }

  it('gives one effect for paid, failed and the next paid, in every order', async () => {
    const orders = permutations(['paid1', 'failed1', 'paid2']);
    for (const [run, order] of orders.entries()) {
      await reset();
      const invoicesBefore = (await t.invoiceRows(t.acmeId)).length;
      const events: Record<string, GatewayEvent> = {
        paid1: {
          kind: 'invoice.paid',
          id: `r${run}-paid1`,
          companyId: t.acmeId,
          providerChargeId: `r${run}-ch1`,
          planId: 'basic',
          amount,
          periodStart: P1,
          periodEnd: P2,
          paidAt: P1,
        },
        failed1: {
          kind: 'invoice.failed',
          id: `r${run}-failed1`,
          companyId: t.acmeId,
          providerChargeId: `r${run}-ch0`,
          planId: 'basic',
          amount,
          periodStart: P1,
          periodEnd: P2,
          message: 'Rifiutata',
        },
        paid2: {
          kind: 'invoice.paid',
          id: `r${run}-paid2`,
          companyId: t.acmeId,
          providerChargeId: `r${run}-ch2`,
          planId: 'pro',
          amount,
          periodStart: P2,
          periodEnd: P3,
          paidAt: P2,
        },
      };
      expect(await applyFiveTimes(order.map((name) => events[name]!))).toEqual(['applied', 'applied', 'applied']);
      const row = await t.subscriptionRow(t.acmeId);
      expect({ order, status: row.status, planId: row.planId, end: row.currentPeriodEndsAt, grace: row.graceEndsAt }).toEqual({
        order,
        status: 'active',
        planId: 'pro',
        end: P3,
        grace: null,
      });
      expect((await t.invoiceRows(t.acmeId)).length - invoicesBefore).toBe(3);
    }
  });

  it('ends the subscription once, whatever the order of its failure and its end', async () => {
    const graceEnd = new Date(P1.getTime() + 7 * DAY_MS);
    for (const [run, order] of permutations(['failed', 'ended']).entries()) {
      await reset();
      const events: Record<string, GatewayEvent> = {
        failed: {
          kind: 'invoice.failed',
          id: `e${run}-failed`,
          companyId: t.acmeId,
          providerChargeId: `e${run}-ch`,
          planId: 'basic',
          amount,
          periodStart: P1,
          periodEnd: P2,
          message: 'Rifiutata',
        },
        ended: { kind: 'subscription.ended', id: `e${run}-ended`, companyId: t.acmeId, endedAt: graceEnd },
      };
      await applyFiveTimes(order.map((name) => events[name]!));
      const row = await t.subscriptionRow(t.acmeId);
      expect({ order, status: row.status, end: row.currentPeriodEndsAt }).toEqual({ order, status: 'canceled', end: graceEnd });
    }
  });

  it('never moves the period back for an older paid invoice', async () => {
    await reset();
    await t.app.billingEvents.apply({
      kind: 'invoice.paid',
      id: 'old-paid',
      companyId: t.acmeId,
      providerChargeId: 'old-ch',
      planId: 'pro',
      amount,
      periodStart: P0,
      periodEnd: P1,
      paidAt: P0,
    });
    expect(await t.subscriptionRow(t.acmeId)).toMatchObject({ status: 'active', planId: 'basic', currentPeriodEndsAt: P1 });
  });
});
