/*
 * The point of sale: the payment requests staff make for a customer (at the counter, in a video
 * call) and the company's setting of how long an unpaid one stays open. The payment itself is the
 * customer payment port's (its reference kept here); this row is what the company sees of it.
 * Row-level security and grants in the hand-written part of drizzle/0017.
 */
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies, stores } from './tenancy';
import { createdAt } from './columns';

/** A payment request: asked by staff of a store, paid (at most once) by its customer through the link. */
export const posPayments = pgTable(
  'pos_payments',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /**
     * The store it was asked for; null once that store was deleted: the request stays, as the
     * company's record of what it was paid (ON DELETE SET NULL of this column alone, hand-written
     * in drizzle/0020, since drizzle cannot say it), with the store's name as it was.
     */
    storeId: uuid('store_id'),
    storeName: text('store_name').notNull(),
    /** Euro cents, VAT included. */
    amount: integer('amount').notNull(),
    description: text('description').notNull(),
    email: text('email'),
    phone: text('phone'),
    /** The video room of the call the request was made in, if any (no reference: a room may go, the request stays). */
    roomId: uuid('room_id'),
    status: text('status').notNull().default('requested'),
    /**
     * The link's capability, kept as it is: staff see the link again (detail, list, QR) for as
     * long as the request lives, and it grants no more than the page showing what the link already
     * says and paying it.
     */
    token: text('token').notNull().unique(),
    /** The port's reference: the connected account (null in test mode) and the payment there. */
    providerAccountId: text('provider_account_id'),
    providerPaymentId: text('provider_payment_id').notNull(),
    /** What the customer's card form needs (the port hands it out once, at create). */
    clientSecret: text('client_secret').notNull(),
    publishableKey: text('publishable_key'),
    createdBy: uuid('created_by'),
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The card's last four digits once paid, when the provider says. */
    last4: text('last4'),
  },
  (t) => [
    foreignKey({ columns: [t.storeId, t.companyId], foreignColumns: [stores.id, stores.companyId] }).onDelete('set null'),
    check('pos_payments_status_check', sql`${t.status} in ('requested', 'paid', 'cancelled', 'expired')`),
    check('pos_payments_amount_check', sql`${t.amount} between 50 and 1000000`),
    index('pos_payments_company_created_idx').on(t.companyId, t.createdAt),
    index('pos_payments_company_status_expires_idx').on(t.companyId, t.status, t.expiresAt),
    index('pos_payments_company_paid_idx').on(t.companyId, t.paidAt),
  ],
);

/** The company's point-of-sale setting: one row per company, none = the defaults (POS_EXPIRY_HOURS). */
export const posSettings = pgTable(
  'pos_settings',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    expiryHours: integer('expiry_hours').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('pos_settings_expiry_hours_check', sql`${t.expiryHours} between 1 and 168`)],
);
