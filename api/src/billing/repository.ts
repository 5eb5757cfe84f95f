import { and, asc, count, eq, not, ilike } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/database';
import { plans, rooms, subscriptions, users } from '../db/schema';

const nextPlans = alias(plans, 'next_plans');

export async function findSubscription(tx: Tx, companyId: string) {
  const [row] = await tx
    .select({ subscription: subscriptions, plan: plans, nextPlan: nextPlans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .leftJoin(nextPlans, eq(nextPlans.id, subscriptions.nextPlanId))
    .where(eq(subscriptions.companyId, companyId));
  return row ?? null;
}

export async function countActiveUsers(tx: Tx, companyId: string): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.active, true)));
  return row?.value ?? 0;
}

export async function countRooms(tx: Tx, companyId: string): Promise<number> {
  const [row] = await tx.select({ value: count() }).from(rooms).where(eq(rooms.companyId, companyId));
  return row?.value ?? 0;
}

/** The plans on sale, cheapest first: every plan but the trials (whose id says "trial"). */
export function listPlansOnSale(tx: Tx) {
  return tx
    .select()
    .from(plans)
    .where(not(ilike(plans.id, '%trial%')))
    .orderBy(asc(plans.price), asc(plans.id));
}
