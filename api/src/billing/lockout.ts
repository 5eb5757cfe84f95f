import type { SubscriptionRow } from './repository';

/** What of the subscription decides the lockout. */
export type LockoutFields = Pick<SubscriptionRow, 'status' | 'trialEndsAt' | 'currentPeriodEndsAt' | 'cancelAtPeriodEnd' | 'graceEndsAt'>;

export interface Lockout {
  /** The company is open only for billing: its back office serves the subscription alone, its site no live or booking. */
  billingOnly: boolean;
  /**
   * The instant at which time alone turns it billing-only (a trial's end, the end of a period
   * cancelled at its end, a grace's end), or null when only a change of the row can. A cache of
   * the answer must not outlive it.
   */
  changesAt: Date | null;
}

const OPEN_FOR_GOOD: Lockout = { billingOnly: false, changesAt: null };

function until(end: Date | null, now: Date): Lockout {
  if (end === null) return OPEN_FOR_GOOD;
  return end.getTime() <= now.getTime() ? { billingOnly: true, changesAt: null } : { billingOnly: false, changesAt: end };
}

/**
 * THE billing-only rule (issue 26: "a trial that ends without a card, or a subscription canceled
 * at its end, leaves the back office usable only for billing"), read by the subscription's view
 * and by every request through the company's cached data:
 * - canceled: billing-only;
 * - trialing: from the trial's end (the renewal sweep then cancels it: the same answer);
 * - active and cancelled at the period's end: from that end (the sweep or Stripe then cancels it);
 * - past_due: open through the grace, billing-only from its end.
 * An active subscription whose period ended and is being renewed stays open. A company without a
 * subscription row is open: the lockout is about subscriptions that ended, not about companies
 * provisioned without one (their plan limits are zero anyway).
 */
export function lockoutAt(subscription: LockoutFields | null, now: Date): Lockout {
  if (subscription === null) return OPEN_FOR_GOOD;
  switch (subscription.status) {
    case 'canceled':
      return { billingOnly: true, changesAt: null };
    case 'trialing':
      return until(subscription.trialEndsAt, now);
    case 'past_due':
      return until(subscription.graceEndsAt, now);
    case 'active':
      return subscription.cancelAtPeriodEnd ? until(subscription.currentPeriodEndsAt, now) : OPEN_FOR_GOOD;
    default:
      // A status this code does not know is not a reason to shut a company's service.
      return OPEN_FOR_GOOD;
  }
}

/** Whether a change of the row from these fields can move the lockout (the cached company is then dropped). */
export function touchesLockout(changes: Partial<LockoutFields>): boolean {
  return ['status', 'trialEndsAt', 'currentPeriodEndsAt', 'cancelAtPeriodEnd', 'graceEndsAt'].some((field) => field in changes);
}
