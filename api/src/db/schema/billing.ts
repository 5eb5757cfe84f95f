/*
 * The subscription and what it is billed with: the price list (global), each company's
 * subscription, its invoicing data, its card on file, its invoices and their FatturaPA files, and
 * the ids of the billing events already applied. Row-level security, grants and the sequences'
 * rights are in the hand-written parts of drizzle/0001 and 0015.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgSequence, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './tenancy';
import { createdAt } from './columns';

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The product's price list: global, not owned by a tenant. */
export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  price: integer('price').notNull(),
  usersLimit: integer('users_limit').notNull(),
  rooms: integer('rooms').notNull(),
  trialDays: integer('trial_days').notNull().default(0),
  /** The Stripe Price of the plan (configuration), null in test mode. */
  stripePriceId: text('stripe_price_id'),
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
    currentPeriodStartsAt: timestamp('current_period_starts_at', { withTimezone: true }),
    currentPeriodEndsAt: timestamp('current_period_ends_at', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** A failed renewal (past_due) turns into canceled at this instant unless paid before. */
    graceEndsAt: timestamp('grace_ends_at', { withTimezone: true }),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** The renewal sweep's lease (compare-and-set): another run leaves the row alone until then. */
    renewalClaimedUntil: timestamp('renewal_claimed_until', { withTimezone: true }),
    /** When the renewal sweep next charges a past_due subscription. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /**
     * A checkout in progress: the plan asked for, the idempotency key of its charge and the
     * proration date it was asked with. `pending_change_at` is when its process took it; null while
     * `pending_change` is set means the gateway's answer was lost (no answer in time), so the change
     * is finished with the same key before anything else (see BillingService.settleInterrupted).
     */
    pendingChange: text('pending_change'),
    pendingChangeKey: text('pending_change_key'),
    pendingChangeAt: timestamp('pending_change_at', { withTimezone: true }),
    pendingChangeProrationAt: timestamp('pending_change_proration_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('subscriptions_status_check', sql`${t.status} in ('trialing', 'active', 'past_due', 'canceled')`)],
);

/** Whom the invoices are made out to (one row per company, none until the admin fills it in). */
export const billingProfiles = pgTable('billing_profiles', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  legalName: text('legal_name').notNull(),
  vatNumber: text('vat_number'),
  taxCode: text('tax_code'),
  address: text('address').notNull(),
  postalCode: text('postal_code').notNull(),
  city: text('city').notNull(),
  province: text('province').notNull(),
  sdiCode: text('sdi_code'),
  pec: text('pec'),
  updatedAt: updatedAt(),
});

/** The card on file: what is shown of it and the provider's id of the payment method. Never the number. */
export const subscriptionCards = pgTable('subscription_cards', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  providerMethodId: text('provider_method_id').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  updatedAt: updatedAt(),
});

/** The receipts' numbers, `${year}-${sequence padded to 6}`. */
export const invoiceNumberSeq = pgSequence('invoice_number_seq');
/** The FatturaPA files' progressive numbers. */
export const eInvoiceProgressiveSeq = pgSequence('e_invoice_progressive_seq');

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    number: text('number').notNull().unique(),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    description: text('description').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** Euro cents. */
    net: integer('net').notNull(),
    vat: integer('vat').notNull(),
    total: integer('total').notNull(),
    /**
     * What a paid invoice was paid with, as it was then: the VAT rate (percent) and the card's last
     * four digits, for the receipt drawn later. Null on invoices recorded before migration 0021
     * (their receipt reads today's rate and card) and, for the card, when none was on file.
     */
    vatRate: numeric('vat_rate', { precision: 5, scale: 2, mode: 'number' }),
    cardLast4: text('card_last4'),
    status: text('status').notNull(),
    failureMessage: text('failure_message'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    providerChargeId: text('provider_charge_id'),
    idempotencyKey: text('idempotency_key').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    check('invoices_status_check', sql`${t.status} in ('paid', 'failed', 'refunded')`),
    index('invoices_company_created_idx').on(t.companyId, t.createdAt),
  ],
);

/** The FatturaPA XML of a paid invoice, kept (and sent, when a channel is configured). */
export const eInvoices = pgTable(
  'e_invoices',
  {
    invoiceId: uuid('invoice_id')
      .primaryKey()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    progressive: text('progressive').notNull().unique(),
    fileName: text('file_name').notNull().unique(),
    xml: text('xml').notNull(),
    /** 'kept' (for the admin to transmit, or waiting to be sent), 'sent' (handed to the SdI's channel), 'failed' (given up after the last try). */
    transmission: text('transmission').notNull().default('kept'),
    transmittedAt: timestamp('transmitted_at', { withTimezone: true }),
    /**
     * When a channel to the SdI is configured (SDI_PEC_*), the file is due to be sent from this
     * instant (then claimed with a lease, pushed back after a failure); null: nothing to send
     * (kept while no channel was configured, sent, or given up).
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    check('e_invoices_transmission_check', sql`${t.transmission} in ('kept', 'sent', 'failed')`),
    index('e_invoices_company_idx').on(t.companyId),
    index('e_invoices_due_idx')
      .on(t.companyId, t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} is not null`),
  ],
);

/** The ids of the billing events applied (the sink's idempotency). */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: text('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_events_company_idx').on(t.companyId)],
);
