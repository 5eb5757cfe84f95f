import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './tenancy';
import { createdAt } from './columns';

/** The product's price list: global, not owned by a tenant. */
export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  price: integer('price').notNull(),
  usersLimit: integer('users_limit').notNull(),
  rooms: integer('rooms').notNull(),
  trialDays: integer('trial_days').notNull().default(0),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .unique()
      .references(() => companies.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    nextPlanId: text('next_plan_id').references(() => plans.id),
    status: text('status').notNull(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    currentPeriodEndsAt: timestamp('current_period_ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('subscriptions_status_check', sql`${t.status} in ('trialing', 'active', 'past_due', 'canceled')`)],
);
