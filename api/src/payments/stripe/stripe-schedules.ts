import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';

/** The gateway's way of calling Stripe: within its deadline, failures translated. */
export type StripeCall = <T>(fn: (stripe: Stripe) => Promise<T>) => Promise<T>;

/**
 * The next plan as a subscription schedule's second phase: the current price until the period's
 * end, `nextPrice` for one period after, then the schedule lets go of the subscription (which goes
 * on with the new price). A schedule made `from_subscription` takes no phases in the same call, so
 * it is created bare, then given its phases; the first phase must keep the current one's start.
 */
export async function scheduleNextPrice(
  call: StripeCall,
  input: { subscription: Stripe.Subscription; item: Stripe.SubscriptionItem; nextPrice: string; metadata: Record<string, string> },
): Promise<void> {
  const { subscription, item } = input;
  const scheduleId = typeof subscription.schedule === 'string' ? subscription.schedule : (subscription.schedule?.id ?? null);
  const schedule = scheduleId
    ? await call((stripe) => stripe.subscriptionSchedules.retrieve(scheduleId))
    : await call((stripe) =>
        stripe.subscriptionSchedules.create({ from_subscription: subscription.id }, { idempotencyKey: `schedule:${subscription.id}:${randomUUID()}` }),
      );
  const currentStart = schedule.current_phase?.start_date ?? item.current_period_start;
  await call((stripe) =>
    stripe.subscriptionSchedules.update(
      schedule.id,
      {
        end_behavior: 'release',
        proration_behavior: 'none',
        phases: [
          { items: [{ price: item.price.id, quantity: 1 }], start_date: currentStart, end_date: item.current_period_end },
          { items: [{ price: input.nextPrice, quantity: 1 }], duration: { interval: 'month', interval_count: 1 } },
        ],
        metadata: input.metadata,
      },
      { idempotencyKey: `schedule-phases:${schedule.id}:${randomUUID()}` },
    ),
  );
}

/** Lets the subscription go from its schedule: it keeps its current price, the next phase is dropped. */
export async function releaseSchedule(call: StripeCall, scheduleId: string): Promise<void> {
  await call((stripe) => stripe.subscriptionSchedules.release(scheduleId, {}, { idempotencyKey: `schedule-release:${scheduleId}` }));
}
