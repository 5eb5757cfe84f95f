/*
 * What the payment adapters keep: Stripe's webhook inbox (the events received, global: before any
 * company is known; drizzle/0019 made it an inbox) and the built-in test mode's own records, its setup intents (the client secret's hash
 * only) and the cards its form confirmed (never the number nor the CVC: the last four digits, the
 * brand, the expiry and how Stripe's test number of that card behaves). Row-level security and
 * grants in the hand-written part of drizzle/0015.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './tenancy';
import { createdAt } from './columns';

/** What the inbox keeps of an event's object: its id and kind, and a charge's PaymentIntent. */
export interface StripeEventObject {
  id?: string;
  object?: string;
  payment_intent?: string;
}

/**
 * Stripe's webhook inbox: each event received once (its id, from the signed delivery), stored
 * before the answer and applied afterwards by the payments plugin's worker
 * (payments/stripe/webhook-inbox.ts). Global, no company. `next_attempt_at` is when the worker
 * may take it (a claim moves it forward: the lease; a failure: the backoff); null once processed
 * or given up. Rows from before the inbox are marked processed by the migration.
 */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** The connected account of a Connect event; null for the platform's own. */
    account: text('account'),
    /** What processing needs of the event's object (never the whole payload); null on rows from before the inbox. */
    object: jsonb('object').$type<StripeEventObject>(),
    /** Tries begun (each claim counts one). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** The last failure's message, cut to 1,000 characters. */
    lastError: text('last_error'),
  },
  (t) => [
    check('stripe_events_attempts_check', sql`${t.attempts} >= 0`),
    // The worker's question: the events due, oldest first.
    index('stripe_events_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.processedAt} is null`),
  ],
);

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
