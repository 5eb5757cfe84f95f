import { randomUUID } from 'node:crypto';
import type { BillingData, BillingDataAnswer } from '@incontra/contracts/api/billing-data';
import {
  INVOICES_LISTED,
  isTrialPlan,
  PRORATION_DATE_MAX_AGE_MS,
  subscriptionSchema,
  type CheckoutPreview,
  type CompanyPayments,
  type PaymentAnswer,
  type PaymentMode,
  type Plan,
  type SetupIntent,
  type Subscription,
} from '@incontra/contracts/api/subscription';
import { ERRORS } from '@incontra/contracts/errors';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { recordActivity } from '../activity/activity-log';
import type { StaffContext } from '../auth/authenticate';
import type { Clock } from '../common/clock';
import type { Database } from '../db/database';
import { HttpError } from '../http/http-error';
import type { Mailer } from '../mail/mailer';
import type { ChargeOutcome, GatewayPlan, GatewaySubscriptionRef, SubscriptionGateway } from '../payments/subscription-gateway';
import type { BillingConfig } from './billing-config';
import { billingDay, paidInvoiceKey, recordCharge } from './charges';
import { lockoutAt } from './lockout';
import { monthAfter, monthBefore, NOTHING, withVat } from './proration';
import * as repository from './repository';

/** A checkout left pending longer than this (its process stopped mid-way) no longer blocks the next. */
export const PENDING_CHANGE_STALE_MS = 2 * 60_000;

type PlanRow = repository.PlanRow;
type Row = NonNullable<Awaited<ReturnType<typeof repository.findSubscription>>>;

/** What a checkout of a plan does from the subscription's state (see `decideChange`). */
export type Change = 'start' | 'upgrade' | 'downgrade' | 'takeBack';

function toPlan(row: PlanRow): Plan {
  return { id: row.id, name: row.name, price: row.price, usersLimit: row.usersLimit, rooms: row.rooms, trialDays: row.trialDays };
}

function toGatewayPlan(row: PlanRow): GatewayPlan {
  return { id: row.id, name: row.name, price: row.price, stripePriceId: row.stripePriceId };
}

/**
 * What choosing `plan` means for the subscription: a trial or a cancelled subscription starts a
 * new paid period now; so does a past_due one in the test mode (paying settles it), while with a
 * provider that renews on its own (Stripe) its open invoice is the provider's to collect once the
 * card is updated (409: a second subscription there would charge twice). An active one moves up at
 * once (prorated), down at the period's end, or, choosing its own plan while a change is scheduled,
 * takes that change back. Its own plan otherwise, or the plan already scheduled, is a 409.
 */
export function decideChange(row: Row, plan: PlanRow, providerRenews: boolean): Change {
  const { subscription } = row;
  if (subscription.status === 'past_due' && providerRenews) throw new HttpError(409, IT_BILLING.changes.pastDue);
  if (subscription.status !== 'active' || isTrialPlan(row.plan)) return 'start';
  if (plan.id === row.plan.id) {
    if (subscription.nextPlanId !== null) return 'takeBack';
    throw new HttpError(409, IT_BILLING.changes.currentPlan, 'plan');
  }
  if (plan.price > row.plan.price) return 'upgrade';
  if (subscription.nextPlanId === plan.id) throw new HttpError(409, IT_BILLING.changes.alreadyScheduled, 'plan');
  return 'downgrade';
}

export interface BillingServiceDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  gateway: SubscriptionGateway;
  billing: BillingConfig;
  paymentMode: PaymentMode;
}

/** No change pending. */
const CLEARED = { pendingChange: null, pendingChangeKey: null, pendingChangeAt: null, pendingChangeProrationAt: null };

/** A gateway error after which the charge may or may not have been made (it did not answer in time). */
function answerLost(error: unknown): boolean {
  return !(error instanceof HttpError) || error.statusCode >= 500;
}

/** decideChange, or null where it refuses. */
function changeOrNull(row: Row, plan: PlanRow, providerRenews: boolean): Change | null {
  try {
    return decideChange(row, plan, providerRenews);
  } catch {
    return null;
  }
}

/**
 * A preview's proration date handed back to the checkout: at most PRORATION_DATE_MAX_AGE_MS old,
 * not in the future, inside the current period; otherwise 400 (preview again).
 */
function checkedProrationDate(date: Date, now: Date, periodStart: Date | null): Date {
  const age = now.getTime() - date.getTime();
  const inPeriod = periodStart === null || date.getTime() >= periodStart.getTime();
  if (!(age >= 0 && age <= PRORATION_DATE_MAX_AGE_MS && inPeriod)) throw new HttpError(400, IT_BILLING.prorationDateInvalid, 'prorationDate');
  return date;
}

/** A checkout once its first transaction committed: what the gateway is asked, and with which key. */
interface PreparedChange {
  row: Row;
  plan: PlanRow;
  change: Change;
  key: string;
  customerId: string;
  /** The instant an upgrade is prorated at: the preview's, handed back, or the checkout's own. */
  prorationDate: Date;
}

/**
 * The company's subscription: its summary, invoicing data, card on file, plan changes (preview
 * and checkout), cancellation and invoices. A change never holds a lock across the gateway's
 * call: a first transaction checks the rules and marks the change pending (with the idempotency
 * key of its charge), the gateway is called with no transaction open, a second transaction applies
 * the outcome.
 */
export class BillingService {
  constructor(private readonly deps: BillingServiceDeps) {}

  /** Stripe renews and retries on its own; the test mode leaves that to our sweep. */
  private get providerRenews(): boolean {
    return this.deps.gateway.chargeRenewal === undefined;
  }

  /** The company's subscription with its plans and what it uses, or 404 'Subscription non found'. */
  subscription(companyId: string): Promise<Subscription> {
    const now = this.deps.clock();
    return this.deps.db.withTenant(companyId, async (tx) => {
      const row = await repository.findSubscription(tx, companyId);
      if (!row) throw new HttpError(404, ERRORS.subscriptionNotFound);
      const [usersCount, roomsCount] = [await repository.countActiveUsers(tx, companyId), await repository.countRooms(tx, companyId)];
      const { subscription } = row;
      const status = subscriptionSchema.shape.status.parse(subscription.status);
      return {
        id: subscription.id,
        plan: toPlan(row.plan),
        nextPlan: row.nextPlan ? toPlan(row.nextPlan) : null,
        status,
        trialEndsAt: subscription.trialEndsAt?.toISOString() ?? null,
        currentPeriodEndsAt: subscription.currentPeriodEndsAt?.toISOString() ?? null,
        usage: { users: usersCount, rooms: roomsCount },
        cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
        graceEndsAt: subscription.graceEndsAt?.toISOString() ?? null,
        billingOnly: lockoutAt(subscription, now).billingOnly,
        paymentMode: this.deps.paymentMode,
        vatRate: this.deps.billing.vatRate,
        plans: (await repository.listPlansOnSale(tx)).map(toPlan),
      };
    });
  }

  billingData(companyId: string): Promise<BillingDataAnswer> {
    return this.deps.db.withTenant(companyId, async (tx) => ({ billing: await repository.findBillingProfile(tx, companyId) }));
  }

  async saveBillingData(staff: StaffContext, data: BillingData): Promise<BillingDataAnswer> {
    const companyId = staff.company.id;
    await this.deps.db.withTenant(companyId, async (tx) => {
      await repository.saveBillingProfile(tx, companyId, data, this.deps.clock());
      await recordActivity(tx, companyId, staff.user, {
        action: 'update',
        entityType: 'company',
        entityId: companyId,
        summary: IT_BILLING.activity.billingData,
      });
    });
    return this.billingData(companyId);
  }

  card(companyId: string): Promise<PaymentAnswer> {
    return this.deps.db.withTenant(companyId, async (tx) => {
      const card = await repository.findCard(tx, companyId);
      return { card: card ? { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear } : null };
    });
  }

  /** What the card form needs; the company's customer at the provider is created the first time. */
  async setupIntent(staff: StaffContext): Promise<SetupIntent> {
    const customerId = await this.customer(staff);
    const intent = await this.deps.gateway.createSetupIntent({ companyId: staff.company.id, customerId });
    return { mode: this.deps.gateway.mode, clientSecret: intent.clientSecret, publishableKey: intent.publishableKey };
  }

  /** The card the form confirmed becomes the card on file (422 for a token that is not one). */
  async saveCard(staff: StaffContext, token: string): Promise<PaymentAnswer> {
    const companyId = staff.company.id;
    const customerId = await this.deps.db.withTenant(
      companyId,
      async (tx) => (await repository.findSubscription(tx, companyId))?.subscription.providerCustomerId,
    );
    if (!customerId) throw new HttpError(422, IT_BILLING.cardTokenInvalid, 'stripeToken');
    const card = await this.deps.gateway.attachCard({ companyId, customerId, token });
    await this.deps.db.withTenant(companyId, async (tx) => {
      const { methodId, brand, last4, expMonth, expYear } = card;
      const now = this.deps.clock();
      await repository.saveCard(tx, companyId, { providerMethodId: methodId, brand, last4, expMonth, expYear }, now);
      // A renewal that failed is tried again with the new card at the sweep's next run, not a day later.
      const current = await repository.findSubscription(tx, companyId);
      if (current?.subscription.status === 'past_due') await repository.updateSubscription(tx, companyId, { nextAttemptAt: now }, now);
      await recordActivity(tx, companyId, staff.user, {
        action: 'update',
        entityType: 'company',
        entityId: companyId,
        summary: IT_BILLING.activity.card(last4),
      });
    });
    return this.card(companyId);
  }

  /** What choosing `planId` costs now and from the next period, before anything is changed. */
  async preview(companyId: string, planId: string): Promise<CheckoutPreview> {
    const now = this.deps.clock();
    const { row, plan } = await this.deps.db.withTenant(companyId, async (tx) => {
      const found = await repository.findSubscription(tx, companyId);
      if (!found) throw new HttpError(404, ERRORS.subscriptionNotFound);
      return { row: found, plan: await this.planOnSale(tx, planId) };
    });
    const change = decideChange(row, plan, this.providerRenews);
    const vatRate = this.deps.billing.vatRate;
    const periodEnd = row.subscription.currentPeriodEndsAt ?? now;
    const base = { plan: toPlan(plan), nextPeriod: withVat(plan.price, vatRate), prorationDate: now.toISOString() };
    switch (change) {
      case 'start':
        return { ...base, change, dueNow: withVat(plan.price, vatRate), effectiveAt: now.toISOString(), nextPeriodStartsAt: monthAfter(now).toISOString() };
      case 'upgrade': {
        const ref = this.refOf(row, now);
        const figures = await this.deps.gateway.previewChange({ ref, plan: toGatewayPlan(plan), prorationDate: now, vatRate });
        return { ...base, change, ...figures, effectiveAt: now.toISOString(), nextPeriodStartsAt: periodEnd.toISOString() };
      }
      case 'downgrade':
        return { ...base, change, dueNow: NOTHING, effectiveAt: periodEnd.toISOString(), nextPeriodStartsAt: periodEnd.toISOString() };
      case 'takeBack':
        // Keeping the plan: the scheduled change is dropped now, nothing is charged.
        return { ...base, change: 'upgrade', dueNow: NOTHING, effectiveAt: now.toISOString(), nextPeriodStartsAt: periodEnd.toISOString() };
    }
  }

  /**
   * Makes the change: a start or an upgrade charged to the card on file (402 with the bank's
   * message when declined, nothing changed), a downgrade scheduled, a scheduled change taken back.
   * Needs a card on file and the invoicing data (422 each); a second checkout while one is in
   * progress is a 409.
   */
  async checkout(staff: StaffContext, planId: string, prorationDate?: string): Promise<Subscription> {
    const companyId = staff.company.id;
    // The same change asked again after its answer was lost: finishing it is the answer.
    if ((await this.settleInterrupted(staff)) === planId) return this.subscription(companyId);
    const prepared = await this.prepare(companyId, planId, prorationDate);
    const outcome = await this.run(prepared);
    if (outcome?.status === 'declined') throw new HttpError(402, outcome.message);
    await this.apply(staff, prepared, outcome);
    return this.subscription(companyId);
  }

  /**
   * The gateway's part of a prepared change. A declined charge or a refusal clears the pending
   * change (nothing was done); a gateway that did not answer (503) may still have charged, so the
   * change stays pending with its key, marked interrupted, for settleInterrupted.
   */
  private async run(prepared: PreparedChange): Promise<ChargeOutcome | null> {
    const companyId = prepared.row.subscription.companyId;
    let outcome: ChargeOutcome | null;
    try {
      outcome = await this.callGateway(prepared);
    } catch (error) {
      if (answerLost(error)) await this.markInterrupted(companyId, prepared.key);
      else await this.clearPending(companyId, prepared.key);
      throw error;
    }
    if (outcome?.status === 'declined') await this.clearPending(companyId, prepared.key);
    return outcome;
  }

  /**
   * Finishes a change whose process stopped before applying the gateway's answer (its answer lost,
   * or pending past PENDING_CHANGE_STALE_MS): its charge is asked again with its own key and
   * proration date, so the gateway answers what it did then, and a paid one is applied, never
   * charged a second time. A change that no longer applies (a webhook already did it) or charges
   * nothing (a schedule) is dropped. Answers the plan applied, or null.
   */
  private async settleInterrupted(staff: StaffContext): Promise<string | null> {
    const companyId = staff.company.id;
    const now = this.deps.clock();
    const interrupted = await this.deps.db.withTenant(companyId, async (tx): Promise<PreparedChange | null> => {
      const row = await repository.lockSubscription(tx, companyId);
      if (!row || row.subscription.pendingChange === null || this.pendingHolds(row, now)) return null;
      const { pendingChange, pendingChangeKey, pendingChangeProrationAt, providerCustomerId } = row.subscription;
      const plan = await repository.findPlanOnSale(tx, pendingChange);
      const change = plan ? changeOrNull(row, plan, this.providerRenews) : null;
      if (!plan || !pendingChangeKey || !providerCustomerId || (change !== 'start' && change !== 'upgrade')) {
        await repository.updateSubscription(tx, companyId, CLEARED, now);
        return null;
      }
      // Taken by this process now: a parallel checkout meets a change in progress (409).
      await repository.updateSubscription(tx, companyId, { pendingChangeAt: now }, now);
      return { row, plan, change, key: pendingChangeKey, customerId: providerCustomerId, prorationDate: pendingChangeProrationAt ?? now };
    });
    if (!interrupted) return null;
    const outcome = await this.run(interrupted);
    if (outcome?.status !== 'paid') return null;
    await this.apply(staff, interrupted, outcome);
    return interrupted.plan.id;
  }

  /** Cancels at the period's end, or (`undo`) takes that back; asking for what is already so changes nothing. */
  async cancel(staff: StaffContext, undo: boolean): Promise<Subscription> {
    const companyId = staff.company.id;
    const now = this.deps.clock();
    const row = await this.deps.db.withTenant(companyId, async (tx) => {
      const found = await repository.findSubscription(tx, companyId);
      if (!found) throw new HttpError(404, ERRORS.subscriptionNotFound);
      if (found.subscription.status !== 'active' || isTrialPlan(found.plan)) throw new HttpError(409, IT_BILLING.changes.nothingToCancel);
      if (this.pendingHolds(found, now)) throw new HttpError(409, IT_BILLING.changes.inProgress);
      return found;
    });
    const cancel = !undo;
    if (row.subscription.cancelAtPeriodEnd !== cancel) {
      await this.deps.gateway.setCancelAtPeriodEnd({ ref: this.refOf(row, now), cancel });
      await this.deps.db.withTenant(companyId, async (tx) => {
        await repository.updateSubscription(tx, companyId, { cancelAtPeriodEnd: cancel }, this.deps.clock());
        const summary = cancel ? IT_BILLING.activity.cancel(billingDay(row.subscription.currentPeriodEndsAt ?? now)) : IT_BILLING.activity.undo;
        await recordActivity(tx, companyId, staff.user, { action: 'update', entityType: 'company', entityId: companyId, summary });
      });
    }
    return this.subscription(companyId);
  }

  /** The company's invoices, newest first, at most INVOICES_LISTED. */
  invoices(companyId: string): Promise<CompanyPayments> {
    return this.deps.db.withTenant(companyId, async (tx) => ({
      invoices: (await repository.listInvoices(tx, companyId, INVOICES_LISTED)).map(({ invoice, eInvoiceFileName }) => {
        const paid = invoice.status === 'paid';
        return {
          id: invoice.id,
          number: invoice.number,
          issuedAt: invoice.createdAt.toISOString(),
          description: invoice.description,
          periodStart: invoice.periodStart.toISOString(),
          periodEnd: invoice.periodEnd.toISOString(),
          amount: { net: invoice.net, vat: invoice.vat, total: invoice.total },
          status: invoice.status as 'paid' | 'failed' | 'refunded',
          failureMessage: invoice.failureMessage,
          paidAt: invoice.paidAt?.toISOString() ?? null,
          receiptUrl: paid ? `/api/payments/company/${invoice.id}/receipt` : null,
          eInvoice: paid && eInvoiceFileName ? { fileName: eInvoiceFileName, url: `/api/payments/company/${invoice.id}/e-invoice` } : null,
        };
      }),
    }));
  }

  /** The company's customer at the provider, created (and kept on the subscription) the first time. */
  private async customer(staff: StaffContext): Promise<string> {
    const companyId = staff.company.id;
    const known = await this.deps.db.withTenant(companyId, async (tx) => {
      const row = await repository.findSubscription(tx, companyId);
      if (!row) throw new HttpError(404, ERRORS.subscriptionNotFound);
      return row.subscription.providerCustomerId;
    });
    if (known) return known;
    const created = await this.deps.gateway.ensureCustomer({ companyId, name: staff.company.name, email: staff.user.email, customerId: null });
    return this.deps.db.withTenant(companyId, (tx) => repository.keepCustomerId(tx, companyId, created));
  }

  private async planOnSale(tx: Parameters<typeof repository.findPlanOnSale>[0], planId: string): Promise<PlanRow> {
    const plan = await repository.findPlanOnSale(tx, planId);
    if (!plan) throw new HttpError(400, IT_BILLING.planUnknown, 'plan');
    return plan;
  }

  /** A pending change blocks another unless interrupted or its process stopped long ago (PENDING_CHANGE_STALE_MS). */
  private pendingHolds(row: Row, now: Date): boolean {
    const { pendingChange, pendingChangeAt } = row.subscription;
    return pendingChange !== null && pendingChangeAt !== null && now.getTime() - pendingChangeAt.getTime() < PENDING_CHANGE_STALE_MS;
  }

  /** The first transaction: the row locked, the rules checked, the change marked pending with its key. */
  private prepare(companyId: string, planId: string, prorationDate: string | undefined): Promise<PreparedChange> {
    const now = this.deps.clock();
    return this.deps.db.withTenant(companyId, async (tx) => {
      const row = await repository.lockSubscription(tx, companyId);
      if (!row) throw new HttpError(404, ERRORS.subscriptionNotFound);
      const plan = await this.planOnSale(tx, planId);
      if (this.pendingHolds(row, now)) throw new HttpError(409, IT_BILLING.changes.inProgress);
      const change = decideChange(row, plan, this.providerRenews);
      const customerId = row.subscription.providerCustomerId;
      if (!customerId || !(await repository.findCard(tx, companyId))) throw new HttpError(422, IT_BILLING.changes.cardRequired);
      if (!(await repository.findBillingProfile(tx, companyId))) throw new HttpError(422, IT_BILLING.changes.billingDataRequired);
      const key = randomUUID();
      const prorateAt = prorationDate === undefined ? now : checkedProrationDate(new Date(prorationDate), now, row.subscription.currentPeriodStartsAt);
      const pending = { pendingChange: plan.id, pendingChangeKey: key, pendingChangeAt: now, pendingChangeProrationAt: prorateAt };
      await repository.updateSubscription(tx, companyId, pending, now);
      return { row, plan, change, key, customerId, prorationDate: prorateAt };
    });
  }

  /** The gateway's part, with no transaction open: a charge (start, upgrade) or a schedule. */
  private async callGateway({ row, plan, change, key, customerId, prorationDate }: PreparedChange): Promise<ChargeOutcome | null> {
    const { gateway } = this.deps;
    const now = this.deps.clock();
    const vatRate = this.deps.billing.vatRate;
    const companyId = row.subscription.companyId;
    switch (change) {
      case 'start':
        return gateway.start({ companyId, customerId, plan: toGatewayPlan(plan), vatRate, now, idempotencyKey: key });
      case 'upgrade':
        return gateway.upgrade({ ref: this.refOf(row, now), plan: toGatewayPlan(plan), prorationDate, vatRate, idempotencyKey: key });
      case 'downgrade':
      case 'takeBack': {
        const ref = this.refOf(row, now);
        await gateway.scheduleNextPlan({ ref, plan: change === 'downgrade' ? toGatewayPlan(plan) : null });
        if (row.subscription.cancelAtPeriodEnd) await gateway.setCancelAtPeriodEnd({ ref, cancel: false });
        return null;
      }
    }
  }

  /** The second transaction: the outcome applied, the pending change cleared, a paid charge invoiced. */
  private apply(staff: StaffContext, { row, plan, change }: PreparedChange, outcome: Extract<ChargeOutcome, { status: 'paid' }> | null): Promise<void> {
    const companyId = row.subscription.companyId;
    const now = this.deps.clock();
    const periodEnd = billingDay(row.subscription.currentPeriodEndsAt ?? now);
    const summaries: Record<Change, string> = {
      start: IT_BILLING.activity.start(plan.name),
      upgrade: IT_BILLING.activity.upgrade(plan.name),
      downgrade: IT_BILLING.activity.downgrade(plan.name, periodEnd),
      takeBack: IT_BILLING.activity.takeBack(plan.name),
    };
    return this.deps.db.withTenant(companyId, async (tx) => {
      await repository.lockSubscription(tx, companyId);
      await recordActivity(tx, companyId, staff.user, { action: 'update', entityType: 'company', entityId: companyId, summary: summaries[change] });
      const cleared = { ...CLEARED, cancelAtPeriodEnd: false };
      if (!outcome) {
        await repository.updateSubscription(tx, companyId, { ...cleared, nextPlanId: change === 'downgrade' ? plan.id : null }, now);
        return;
      }
      await repository.updateSubscription(
        tx,
        companyId,
        {
          ...cleared,
          planId: plan.id,
          nextPlanId: null,
          status: 'active',
          currentPeriodStartsAt: outcome.periodStart,
          currentPeriodEndsAt: outcome.periodEnd,
          graceEndsAt: null,
          nextAttemptAt: null,
          providerSubscriptionId: outcome.subscriptionId,
        },
        now,
      );
      const describe = change === 'upgrade' ? IT_BILLING.charges.upgrade : IT_BILLING.charges.period;
      await recordCharge(tx, this.deps, {
        companyId,
        planId: plan.id,
        description: describe(plan.name, billingDay(change === 'upgrade' ? now : outcome.periodStart), billingDay(outcome.periodEnd)),
        periodStart: outcome.periodStart,
        periodEnd: outcome.periodEnd,
        amount: outcome.amount,
        at: now,
        key: paidInvoiceKey(outcome.providerChargeId),
        outcome: { status: 'paid', providerChargeId: outcome.providerChargeId },
      });
    });
  }

  private clearPending(companyId: string, key: string): Promise<void> {
    return this.updatePending(companyId, key, CLEARED);
  }

  /** The change stays pending with its key, to be settled before the next (settleInterrupted). */
  private markInterrupted(companyId: string, key: string): Promise<void> {
    return this.updatePending(companyId, key, { pendingChangeAt: null });
  }

  private updatePending(companyId: string, key: string, changes: Partial<repository.SubscriptionInsert>): Promise<void> {
    return this.deps.db.withTenant(companyId, async (tx) => {
      const row = await repository.lockSubscription(tx, companyId);
      if (row?.subscription.pendingChangeKey === key) await repository.updateSubscription(tx, companyId, changes, this.deps.clock());
    });
  }

  /** The subscription as the gateway knows it; a period stored without its start is a calendar month long. */
  private refOf(row: Row, now: Date): GatewaySubscriptionRef {
    const { subscription } = row;
    const end = subscription.currentPeriodEndsAt ?? now;
    return {
      companyId: subscription.companyId,
      customerId: subscription.providerCustomerId ?? '',
      subscriptionId: subscription.providerSubscriptionId,
      plan: toGatewayPlan(row.plan),
      currentPeriodStart: subscription.currentPeriodStartsAt ?? monthBefore(end),
      currentPeriodEnd: end,
    };
  }
}
