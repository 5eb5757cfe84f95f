import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import type { Clock } from '../common/clock';
import type { Database } from '../db/database';
import type { BillingEventSink, ChargeOutcome, SubscriptionGateway } from '../payments/subscription-gateway';
import { PeriodicTask, type SweepOptions } from '../scheduling/periodic-task';
import { listHostedCompanyIds } from '../tenancy/company-directory';
import type { BillingConfig } from './billing-config';
import { monthAfter, withVat } from './proration';
import { claimDueSubscription, findPlan, releaseClaim, type SubscriptionRow } from './repository';

/** How often the sweep looks for trials, periods and graces that have ended. */
export const RENEWAL_SWEEP_INTERVAL_MS = 5 * 60_000;
/** A claimed subscription is left to its run for this long (a stopped process's claim expires). */
export const RENEWAL_LEASE_MS = 5 * 60_000;

export interface RenewalDeps {
  db: Database;
  clock: Clock;
  gateway: SubscriptionGateway;
  events: BillingEventSink;
  billing: BillingConfig;
}

/**
 * One pass over every company: what is due at the clock's now is claimed (compare-and-set of the
 * row's lease, so two processes never work on one subscription at once) and turned into events
 * for the sink, which applies each once. A trial that ended without a paid plan ends (every
 * mode). With a gateway that does not renew on its own (the test mode): a period that ended is
 * renewed (the next plan if one is scheduled, else the same) or, cancelled at its end, ends; a
 * declined renewal is tried again once a day (`next_attempt_at`, set by the sink) until the grace
 * ends, and then the subscription ends. Answers how many subscriptions were worked on.
 */
export async function sweepRenewals(deps: RenewalDeps): Promise<number> {
  const companyIds = await deps.db.withoutTenant((tx) => listHostedCompanyIds(tx));
  const renewals = deps.gateway.chargeRenewal !== undefined;
  let worked = 0;
  for (const companyId of companyIds) {
    const now = deps.clock();
    const leaseUntil = new Date(now.getTime() + RENEWAL_LEASE_MS);
    const row = await deps.db.withTenant(companyId, (tx) => claimDueSubscription(tx, companyId, now, leaseUntil, renewals));
    if (!row) continue;
    try {
      await renewOne(deps, row, now);
      worked += 1;
    } finally {
      await deps.db.withTenant(companyId, (tx) => releaseClaim(tx, companyId, leaseUntil));
    }
  }
  return worked;
}

async function renewOne(deps: RenewalDeps, row: SubscriptionRow, now: Date): Promise<void> {
  const { events } = deps;
  const ended = (endedAt: Date, why: string) =>
    events.apply({ kind: 'subscription.ended', id: `${why}:${row.id}:${endedAt.getTime()}`, companyId: row.companyId, endedAt });
  if (row.status === 'trialing') {
    await ended(row.trialEndsAt!, 'trial-ended');
    return;
  }
  if (row.status === 'past_due' && row.graceEndsAt && row.graceEndsAt.getTime() <= now.getTime()) {
    await ended(row.graceEndsAt, 'grace-ended');
    return;
  }
  const periodStart = row.currentPeriodEndsAt!;
  if (row.status === 'active' && row.cancelAtPeriodEnd) {
    await ended(periodStart, 'canceled-at-end');
    return;
  }
  await charge(deps, row, periodStart, now);
}

/**
 * Charges the period starting at `periodStart`. Each attempt has its own idempotency key, named by
 * when it was due (`next_attempt_at`, none for the first): a run that stopped half-way is redone
 * with the same key (the same charge), a retry after a decline, or after a new card, with a new one.
 */
async function charge(deps: RenewalDeps, row: SubscriptionRow, periodStart: Date, now: Date): Promise<void> {
  const planId = row.nextPlanId ?? row.planId;
  const plan = await deps.db.withTenant(row.companyId, (tx) => findPlan(tx, planId));
  if (!plan) return;
  const vatRate = deps.billing.vatRate;
  const key = `renewal:${row.id}:${periodStart.getTime()}:${row.nextAttemptAt?.getTime() ?? 'first'}`;
  const gatewayPlan = { id: plan.id, name: plan.name, price: plan.price, stripePriceId: plan.stripePriceId };
  const outcome: ChargeOutcome = row.providerCustomerId
    ? await deps.gateway.chargeRenewal!({
        companyId: row.companyId,
        customerId: row.providerCustomerId,
        subscriptionId: row.providerSubscriptionId,
        plan: gatewayPlan,
        vatRate,
        periodStart,
        idempotencyKey: key,
      })
    : { status: 'declined', message: IT_BILLING.stripe.noCard };
  if (outcome.status === 'paid') {
    await deps.events.apply({
      kind: 'invoice.paid',
      id: `paid:${outcome.providerChargeId}`,
      companyId: row.companyId,
      providerChargeId: outcome.providerChargeId,
      planId: plan.id,
      amount: outcome.amount,
      periodStart: outcome.periodStart,
      periodEnd: outcome.periodEnd,
      paidAt: now,
    });
    return;
  }
  await deps.events.apply({
    kind: 'invoice.failed',
    id: `failed:${key}`,
    companyId: row.companyId,
    providerChargeId: key,
    planId: plan.id,
    amount: withVat(plan.price, vatRate),
    periodStart,
    periodEnd: monthAfter(periodStart),
    message: outcome.message,
  });
}

/** The sweep on a timer: once as soon as the app is ready, then every `intervalMs` (null: never). */
export class RenewalSweeper extends PeriodicTask {
  constructor(options: SweepOptions) {
    super({ ...options, failure: 'subscription renewal sweep failed', runAtStart: true });
  }
}
