import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import type { Clock } from '../common/clock';
import type { Database, Tx } from '../db/database';
import { enqueueMail } from '../mail/after-commit';
import type { BillingEventSink, GatewayEvent } from '../payments/subscription-gateway';
import { billingDay, paidInvoiceKey, recordCharge, type ChargeRecordDeps } from './charges';
import { findBillingContact, findPlan, lockSubscription, recordBillingEvent, updateSubscription } from './repository';

const DAY_MS = 24 * 3600_000;
/** A past_due subscription's card is tried again once a day. */
export const RENEWAL_RETRY_MS = DAY_MS;

export interface BillingEventsDeps extends ChargeRecordDeps {
  db: Database;
  clock: Clock;
}

/**
 * What the gateways learn after the fact (the test mode's renewal sweep, Stripe's webhooks),
 * applied to the subscription once per event id and in any order. Each event's id is recorded in
 * `billing_events` in the transaction that applies it (a replay finds it: 'duplicate'), and the
 * effect re-reads the row: the subscription's period end is its position, which only moves
 * forward. A paid period ending after it makes the subscription active to that end; a failure of
 * a period starting before it is old news (its invoice is kept, the state is not touched); an end
 * at or after it cancels, and moves the position there, so that an older paid period arriving
 * late does not bring the subscription back.
 */
export class BillingEvents implements BillingEventSink {
  constructor(private readonly deps: BillingEventsDeps) {}

  apply(event: GatewayEvent): Promise<'applied' | 'duplicate'> {
    const now = this.deps.clock();
    return this.deps.db.withTenant(event.companyId, async (tx) => {
      if (!(await recordBillingEvent(tx, { id: event.id, companyId: event.companyId, kind: event.kind, appliedAt: now }))) return 'duplicate';
      const row = await lockSubscription(tx, event.companyId);
      if (!row) return 'applied';
      if (event.kind === 'invoice.paid') await this.paid(tx, row, event);
      else if (event.kind === 'invoice.failed') await this.failed(tx, row, event, now);
      else await this.ended(tx, row, event.endedAt, now);
      return 'applied';
    });
  }

  private async paid(tx: Tx, row: Locked, event: Extract<GatewayEvent, { kind: 'invoice.paid' }>): Promise<void> {
    const plan = await findPlan(tx, event.planId);
    const planName = plan?.name ?? event.planId;
    await recordCharge(tx, this.deps, {
      companyId: event.companyId,
      planId: event.planId,
      description: IT_BILLING.charges.period(planName, billingDay(event.periodStart), billingDay(event.periodEnd)),
      periodStart: event.periodStart,
      periodEnd: event.periodEnd,
      amount: event.amount,
      at: event.paidAt,
      key: paidInvoiceKey(event.providerChargeId),
      outcome: { status: 'paid', providerChargeId: event.providerChargeId },
    });
    const position = row.subscription.currentPeriodEndsAt;
    if (!plan || (position && event.periodEnd.getTime() <= position.getTime())) return;
    const { subscription } = row;
    await updateSubscription(
      tx,
      event.companyId,
      {
        status: 'active',
        planId: event.planId,
        nextPlanId: subscription.nextPlanId === event.planId ? null : subscription.nextPlanId,
        currentPeriodStartsAt: event.periodStart,
        currentPeriodEndsAt: event.periodEnd,
        graceEndsAt: null,
        nextAttemptAt: null,
      },
      this.deps.clock(),
    );
  }

  private async failed(tx: Tx, row: Locked, event: Extract<GatewayEvent, { kind: 'invoice.failed' }>, now: Date): Promise<void> {
    await recordCharge(tx, this.deps, {
      companyId: event.companyId,
      planId: event.planId,
      description: IT_BILLING.charges.period(
        (await findPlan(tx, event.planId))?.name ?? event.planId,
        billingDay(event.periodStart),
        billingDay(event.periodEnd),
      ),
      periodStart: event.periodStart,
      periodEnd: event.periodEnd,
      amount: event.amount,
      at: now,
      key: `failed:${event.id}`,
      outcome: { status: 'failed', message: event.message, providerChargeId: event.providerChargeId },
    });
    const { subscription } = row;
    const position = subscription.currentPeriodEndsAt;
    if (subscription.status === 'canceled' || (position && event.periodStart.getTime() < position.getTime())) return;
    const firstFailure = subscription.status !== 'past_due';
    const graceEndsAt = subscription.graceEndsAt ?? new Date(now.getTime() + this.deps.billing.graceDays * DAY_MS);
    await updateSubscription(tx, event.companyId, { status: 'past_due', graceEndsAt, nextAttemptAt: new Date(now.getTime() + RENEWAL_RETRY_MS) }, now);
    const contact = firstFailure ? await findBillingContact(tx, event.companyId) : null;
    if (contact?.email) {
      await enqueueMail(tx, this.deps.mailer, event.companyId, {
        to: contact.email,
        subject: IT_BILLING.charges.failedSubject,
        text: IT_BILLING.charges.failedText(event.message, billingDay(graceEndsAt)),
      });
    }
  }

  private async ended(tx: Tx, row: Locked, endedAt: Date, now: Date): Promise<void> {
    const { subscription } = row;
    const position = subscription.currentPeriodEndsAt;
    if (subscription.status === 'canceled' || (position && endedAt.getTime() < position.getTime())) return;
    await updateSubscription(
      tx,
      subscription.companyId,
      { status: 'canceled', currentPeriodEndsAt: endedAt, cancelAtPeriodEnd: false, nextPlanId: null, graceEndsAt: null, nextAttemptAt: null },
      now,
    );
  }
}

type Locked = NonNullable<Awaited<ReturnType<typeof lockSubscription>>>;
