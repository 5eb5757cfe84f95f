/*
 * What the payment adapters keep: the Stripe webhook ids received (global, before any company is
 * known) and the built-in test mode's own records, its setup intents (the client secret's hash
 * only) and the cards its form confirmed (never the number nor the CVC: the last four digits, the
 * brand, the expiry and how Stripe's test number of that card behaves). Row-level security and
 * grants in the hand-written part of drizzle/0015.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './tenancy';
import { createdAt } from './columns';

/** Stripe's webhook event ids already received: each is handled once. Global, no company. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A test-mode setup intent: the card form's capability, valid for a while and used once. */
export const testSetupIntents = pgTable(
  'test_setup_intents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    clientSecretHash: text('client_secret_hash').notNull().unique(),
    customerId: text('customer_id').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('test_setup_intents_company_idx').on(t.companyId)],
);

/** A card the test mode's form confirmed (`tpm_…`), or a payment it authenticated. */
export const testCards = pgTable(
  'test_cards',
  {
    token: text('token').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customerId: text('customer_id'),
    last4: text('last4').notNull(),
    brand: text('brand').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    behaviour: text('behaviour').notNull(),
    status: text('status').notNull(),
    purpose: text('purpose').notNull(),
    /** The amount to authenticate (euro cents) for a payment; null for a card set up. */
    amountTotal: integer('amount_total'),
    /** Where the authentication page leads back to. */
    returnTo: text('return_to'),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('test_cards_behaviour_check', sql`${t.behaviour} in ('succeeds', 'declined', 'authentication')`),
    check('test_cards_status_check', sql`${t.status} in ('succeeded', 'requires_action', 'failed')`),
    check('test_cards_purpose_check', sql`${t.purpose} in ('setup', 'payment')`),
    index('test_cards_company_idx').on(t.companyId),
  ],
);
