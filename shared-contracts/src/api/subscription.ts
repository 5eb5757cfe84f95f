import * as z from 'zod/mini';
import { UNLIMITED } from '../constants';

export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Monthly price in euro cents. */
  price: z.int().check(z.nonnegative()),
  usersLimit: z.int(),
  /** -1 means unlimited. */
  rooms: z.int(),
  trialDays: z.int().check(z.nonnegative()),
});
export type Plan = z.infer<typeof planSchema>;

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled'] as const;

export const subscriptionSchema = z.object({
  id: z.uuid(),
  plan: planSchema,
  nextPlan: z.nullable(planSchema),
  status: z.enum(SUBSCRIPTION_STATUSES),
  trialEndsAt: z.nullable(z.string()),
  currentPeriodEndsAt: z.nullable(z.string()),
  usage: z.object({ users: z.int(), rooms: z.int() }),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** A plan is a trial when its identifier contains the word trial. */
export function isTrialPlan(plan: Pick<Plan, 'id'>): boolean {
  return plan.id.toLowerCase().includes('trial');
}

/** A downgrade is scheduled when the next plan is priced below the current one. */
export function hasScheduledDowngrade(subscription: Pick<Subscription, 'plan' | 'nextPlan'>): boolean {
  return subscription.nextPlan !== null && subscription.nextPlan.price < subscription.plan.price;
}

export function isUnlimited(limit: number): boolean {
  return limit === UNLIMITED;
}

/** A user may be added only while the current count is below the plan's usersLimit. */
export function canAddUser(plan: Pick<Plan, 'usersLimit'>, currentUsers: number): boolean {
  return isUnlimited(plan.usersLimit) || currentUsers < plan.usersLimit;
}

/** Rooms left, or null when unlimited. Zero or below means none left. */
export function roomsLeft(plan: Pick<Plan, 'rooms'>, currentRooms: number): number | null {
  return isUnlimited(plan.rooms) ? null : plan.rooms - currentRooms;
}

export function canCreateRoom(plan: Pick<Plan, 'rooms'>, currentRooms: number): boolean {
  const left = roomsLeft(plan, currentRooms);
  return left === null || left > 0;
}

/** Whole days from `now` until `endsAt`, never negative. */
export function daysLeft(endsAt: string | null, now: Date = new Date()): number {
  if (!endsAt) return 0;
  const ms = new Date(endsAt).getTime() - now.getTime();
  return Math.max(0, Math.ceil(ms / 86_400_000));
}
