import { and, asc, count, desc, eq, isNull, lte, not, ilike, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BillingData } from '@incontra/contracts/api/billing-data';
import { markCompanyChanged, type Tx } from '../db/database';
import {
  billingEvents,
  billingProfiles,
  companies,
  eInvoices,
  invoiceNumberSeq,
  invoices,
  plans,
  rooms,
  subscriptionCards,
  subscriptions,
  users,
} from '../db/schema';
import { touchesLockout } from './lockout';

const nextPlans = alias(plans, 'next_plans');

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionInsert = typeof subscriptions.$inferInsert;
export type PlanRow = typeof plans.$inferSelect;

export async function findSubscription(tx: Tx, companyId: string) {
  const [row] = await tx
    .select({ subscription: subscriptions, plan: plans, nextPlan: nextPlans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .leftJoin(nextPlans, eq(nextPlans.id, subscriptions.nextPlanId))
    .where(eq(subscriptions.companyId, companyId));
  return row ?? null;
}

/** The company's subscription, its row locked until the transaction ends (changes one after another). */
export async function lockSubscription(tx: Tx, companyId: string) {
  const [locked] = await tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.companyId, companyId)).for('update');
  return locked ? findSubscription(tx, companyId) : null;
}

/**
 * A change of what decides the lockout (billing/lockout) marks the company changed: its cached
 * data, which carries the lockout (tenancy's host cache), is dropped once the change is committed.
 */
export async function updateSubscription(tx: Tx, companyId: string, changes: Partial<SubscriptionInsert>, now: Date): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ ...changes, updatedAt: now })
    .where(eq(subscriptions.companyId, companyId));
  if (touchesLockout(changes)) markCompanyChanged(tx, companyId);
}

/** Sets the provider's customer id unless one is already there; answers the one kept. */
export async function keepCustomerId(tx: Tx, companyId: string, customerId: string): Promise<string> {
  await tx
    .update(subscriptions)
    .set({ providerCustomerId: customerId })
    .where(and(eq(subscriptions.companyId, companyId), isNull(subscriptions.providerCustomerId)));
  const [row] = await tx.select({ customerId: subscriptions.providerCustomerId }).from(subscriptions).where(eq(subscriptions.companyId, companyId));
  return row?.customerId ?? customerId;
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

const onSale = not(ilike(plans.id, '%trial%'));

/** The plans on sale, cheapest first: every plan but the trials (whose id says "trial"). */
export function listPlansOnSale(tx: Tx) {
  return tx.select().from(plans).where(onSale).orderBy(asc(plans.price), asc(plans.id));
}

export async function findPlanOnSale(tx: Tx, planId: string): Promise<PlanRow | null> {
  const [row] = await tx
    .select()
    .from(plans)
    .where(and(eq(plans.id, planId), onSale));
  return row ?? null;
}

export async function findPlan(tx: Tx, planId: string): Promise<PlanRow | null> {
  const [row] = await tx.select().from(plans).where(eq(plans.id, planId));
  return row ?? null;
}

/** The company's name and the e-mail of its first active admin (who receives the receipts). */
export async function findBillingContact(tx: Tx, companyId: string): Promise<{ companyName: string; email: string | null } | null> {
  const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  if (!company) return null;
  const [admin] = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'admin'), eq(users.active, true)))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return { companyName: company.name, email: admin?.email ?? null };
}

export async function findBillingProfile(tx: Tx, companyId: string): Promise<BillingData | null> {
  const [row] = await tx.select().from(billingProfiles).where(eq(billingProfiles.companyId, companyId));
  if (!row) return null;
  return {
    legalName: row.legalName,
    vatNumber: row.vatNumber ?? '',
    taxCode: row.taxCode ?? '',
    address: row.address,
    postalCode: row.postalCode,
    city: row.city,
    province: row.province,
    sdiCode: row.sdiCode ?? '',
    pec: row.pec ?? '',
  };
}

export async function saveBillingProfile(tx: Tx, companyId: string, data: BillingData, now: Date): Promise<void> {
  const values = { ...data, sdiCode: data.sdiCode || null, pec: data.pec || null, updatedAt: now };
  await tx
    .insert(billingProfiles)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: billingProfiles.companyId, set: values });
}

export async function findCard(tx: Tx, companyId: string) {
  const [row] = await tx.select().from(subscriptionCards).where(eq(subscriptionCards.companyId, companyId));
  return row ?? null;
}

export async function saveCard(
  tx: Tx,
  companyId: string,
  card: { providerMethodId: string; brand: string; last4: string; expMonth: number; expYear: number },
  now: Date,
): Promise<void> {
  const values = { ...card, updatedAt: now };
  await tx
    .insert(subscriptionCards)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: subscriptionCards.companyId, set: values });
}

export interface InvoiceInsert {
  companyId: string;
  planId: string;
  description: string;
  periodStart: Date;
  periodEnd: Date;
  net: number;
  vat: number;
  total: number;
  /** A paid one's rate and card as paid (null for a failed one). */
  vatRate: number | null;
  cardLast4: string | null;
  status: 'paid' | 'failed';
  failureMessage: string | null;
  paidAt: Date | null;
  providerChargeId: string | null;
  idempotencyKey: string;
  createdAt: Date;
}

/**
 * Adds an invoice numbered `${year}-${sequence padded to 6}`, once per idempotency key: null when
 * the key has one already (a replay).
 */
export async function insertInvoice(tx: Tx, year: number, row: InvoiceInsert): Promise<{ id: string; number: string } | null> {
  const number = sql<string>`${String(year)} || '-' || lpad(nextval(${invoiceNumberSeq.seqName}::regclass)::text, 6, '0')`;
  const [inserted] = await tx
    .insert(invoices)
    .values({ ...row, number })
    .onConflictDoNothing({ target: invoices.idempotencyKey })
    .returning({ id: invoices.id, number: invoices.number });
  return inserted ?? null;
}

/** The company's invoices, newest first, with their e-invoice's file name when there is one. */
export function listInvoices(tx: Tx, companyId: string, limit: number) {
  return tx
    .select({ invoice: invoices, eInvoiceFileName: eInvoices.fileName })
    .from(invoices)
    .leftJoin(eInvoices, eq(eInvoices.invoiceId, invoices.id))
    .where(eq(invoices.companyId, companyId))
    .orderBy(desc(invoices.createdAt), desc(invoices.number))
    .limit(limit);
}

/** Records an event id for the company: false when it was applied already. */
export async function recordBillingEvent(tx: Tx, row: { id: string; companyId: string; kind: string; appliedAt: Date }): Promise<boolean> {
  const inserted = await tx.insert(billingEvents).values(row).onConflictDoNothing().returning({ id: billingEvents.id });
  return inserted.length === 1;
}

/**
 * Claims the company's subscription for the renewal sweep when something is due at `now` (a trial
 * ended, a period ended, a retry or a grace due) and no other run holds it: compare-and-set of the
 * lease `renewal_claimed_until`. No pending checkout: that one finishes first. Without `renewals`
 * (a provider that renews on its own) only an ended trial is due.
 */
export async function claimDueSubscription(tx: Tx, companyId: string, now: Date, leaseUntil: Date, renewals: boolean): Promise<SubscriptionRow | null> {
  const trialEnded = and(eq(subscriptions.status, 'trialing'), lte(subscriptions.trialEndsAt, now));
  const [row] = await tx
    .update(subscriptions)
    .set({ renewalClaimedUntil: leaseUntil })
    .where(
      and(
        eq(subscriptions.companyId, companyId),
        isNull(subscriptions.pendingChange),
        or(isNull(subscriptions.renewalClaimedUntil), lte(subscriptions.renewalClaimedUntil, now)),
        renewals
          ? or(
              trialEnded,
              and(eq(subscriptions.status, 'active'), lte(subscriptions.currentPeriodEndsAt, now)),
              and(eq(subscriptions.status, 'past_due'), or(lte(subscriptions.nextAttemptAt, now), lte(subscriptions.graceEndsAt, now))),
            )
          : trialEnded,
      ),
    )
    .returning();
  return row ?? null;
}

export async function releaseClaim(tx: Tx, companyId: string, leaseUntil: Date): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ renewalClaimedUntil: null })
    .where(and(eq(subscriptions.companyId, companyId), eq(subscriptions.renewalClaimedUntil, leaseUntil)));
}
