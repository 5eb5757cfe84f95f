/*
 * What the customer payment port's adapters keep (api/src/payments/customer-payments.ts): the
 * company's Stripe connected account and its flags, and the built-in test mode's payments (the
 * client secret's hash only, the last four digits of the card that paid) with the keys of the
 * refunds made on them. Row-level security and grants in the hand-written part of
 * drizzle/0016.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { companies } from './tenancy';
import { createdAt } from './columns';

/** The company's Stripe connected account (Connect): one per company, created at onboarding. */
export const paymentAccounts = pgTable('payment_accounts', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  providerAccountId: text('provider_account_id').notNull().unique(),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A payment of the test mode: made by the customer on our card form with a public test card. */
export const testCustomerPayments = pgTable(
  'test_customer_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    reference: text('reference').notNull(),
    /** Euro cents, VAT included. */
    amount: integer('amount').notNull(),
    description: text('description').notNull(),
    receiptEmail: text('receipt_email'),
    idempotencyKey: text('idempotency_key').notNull(),
    clientSecretHash: text('client_secret_hash').notNull().unique(),
    status: text('status').notNull().default('pending'),
    /** The test_cards token of the authentication asked for (3155), while it waits for its answer. */
    authenticationToken: text('authentication_token').unique(),
    last4: text('last4'),
    amountRefunded: integer('amount_refunded').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('test_customer_payments_company_key_unique').on(t.companyId, t.idempotencyKey),
    check('test_customer_payments_purpose_check', sql`${t.purpose} in ('pos', 'appointment')`),
    check('test_customer_payments_status_check', sql`${t.status} in ('pending', 'requires_action', 'paid', 'failed', 'canceled')`),
    check('test_customer_payments_amount_check', sql`${t.amount} > 0`),
    check('test_customer_payments_refunded_check', sql`${t.amountRefunded} >= 0 and ${t.amountRefunded} <= ${t.amount}`),
    index('test_customer_payments_company_idx').on(t.companyId),
  ],
);

/** A refund made on a test-mode payment: its key makes it once, whatever the retries. */
export const testCustomerRefunds = pgTable(
  'test_customer_refunds',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => testCustomerPayments.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.idempotencyKey] }),
    check('test_customer_refunds_amount_check', sql`${t.amount} > 0`),
    index('test_customer_refunds_payment_idx').on(t.paymentId),
  ],
);
