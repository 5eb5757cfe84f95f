import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { testCustomerPayments, testCustomerRefunds } from '../../db/schema';

/*
 * The test mode's customer payments (test_customer_payments) and the keys of their refunds. Every
 * query takes the transaction and filters by the company; every change of status is a
 * compare-and-set on the status it leaves.
 */

export type TestCustomerPaymentRow = typeof testCustomerPayments.$inferSelect;

/** The statuses a card may still be tried in: never paid nor canceled yet. */
export const PAYABLE_STATUSES = ['pending', 'requires_action', 'failed'] as const;

/** Adds the payment unless the company already has one of that key (the caller reads it then). */
export async function insertCustomerPayment(tx: Tx, row: typeof testCustomerPayments.$inferInsert): Promise<void> {
  await tx.insert(testCustomerPayments).values(row).onConflictDoNothing();
}

export async function findCustomerPaymentByKey(tx: Tx, companyId: string, idempotencyKey: string): Promise<TestCustomerPaymentRow | null> {
  const [row] = await tx
    .select()
    .from(testCustomerPayments)
    .where(and(eq(testCustomerPayments.companyId, companyId), eq(testCustomerPayments.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

export async function findCustomerPayment(
  tx: Tx,
  companyId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<TestCustomerPaymentRow | null> {
  const query = tx
    .select()
    .from(testCustomerPayments)
    .where(and(eq(testCustomerPayments.companyId, companyId), eq(testCustomerPayments.id, id)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findCustomerPaymentBySecret(tx: Tx, companyId: string, clientSecretHash: string): Promise<TestCustomerPaymentRow | null> {
  const [row] = await tx
    .select()
    .from(testCustomerPayments)
    .where(and(eq(testCustomerPayments.companyId, companyId), eq(testCustomerPayments.clientSecretHash, clientSecretHash)));
  return row ?? null;
}

/** Moves a payment that may still be paid to `change` (compare-and-set: null when it no longer may). */
export async function movePayablePayment(
  tx: Tx,
  companyId: string,
  id: string,
  change: Partial<Pick<TestCustomerPaymentRow, 'status' | 'last4' | 'paidAt' | 'authenticationToken'>>,
): Promise<TestCustomerPaymentRow | null> {
  const [row] = await tx
    .update(testCustomerPayments)
    .set(change)
    .where(and(eq(testCustomerPayments.companyId, companyId), eq(testCustomerPayments.id, id), inArray(testCustomerPayments.status, [...PAYABLE_STATUSES])))
    .returning();
  return row ?? null;
}

/** The answer of the authentication `token` asked for: paid or failed, once (only while it waits for it). */
export async function answerCustomerAuthentication(
  tx: Tx,
  companyId: string,
  token: string,
  outcome: { approved: boolean; last4: string; at: Date },
): Promise<TestCustomerPaymentRow | null> {
  const [row] = await tx
    .update(testCustomerPayments)
    .set(outcome.approved ? { status: 'paid', last4: outcome.last4, paidAt: outcome.at } : { status: 'failed' })
    .where(
      and(
        eq(testCustomerPayments.companyId, companyId),
        eq(testCustomerPayments.authenticationToken, token),
        eq(testCustomerPayments.status, 'requires_action'),
      ),
    )
    .returning();
  return row ?? null;
}

export async function findRefund(tx: Tx, companyId: string, idempotencyKey: string) {
  const [row] = await tx
    .select()
    .from(testCustomerRefunds)
    .where(and(eq(testCustomerRefunds.companyId, companyId), eq(testCustomerRefunds.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

/**
 * Records the refund of `amount` on a paid payment, never beyond what it received (the row's
 * check holds it too): null when the payment is not paid or the amount exceeds what is left.
 */
export async function addRefund(
  tx: Tx,
  refund: { companyId: string; paymentId: string; idempotencyKey: string; amount: number; at: Date },
): Promise<TestCustomerPaymentRow | null> {
  const [row] = await tx
    .update(testCustomerPayments)
    .set({ amountRefunded: sql`${testCustomerPayments.amountRefunded} + ${refund.amount}` })
    .where(
      and(
        eq(testCustomerPayments.companyId, refund.companyId),
        eq(testCustomerPayments.id, refund.paymentId),
        eq(testCustomerPayments.status, 'paid'),
        sql`${testCustomerPayments.amountRefunded} + ${refund.amount} <= ${testCustomerPayments.amount}`,
      ),
    )
    .returning();
  if (!row) return null;
  await tx.insert(testCustomerRefunds).values({
    companyId: refund.companyId,
    idempotencyKey: refund.idempotencyKey,
    paymentId: refund.paymentId,
    amount: refund.amount,
    createdAt: refund.at,
  });
  return row;
}

/** Cancels a payment not paid yet (compare-and-set); null when it is paid or already canceled. */
export async function cancelCustomerPayment(tx: Tx, companyId: string, id: string): Promise<TestCustomerPaymentRow | null> {
  return movePayablePayment(tx, companyId, id, { status: 'canceled' });
}
