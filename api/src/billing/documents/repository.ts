import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { eInvoiceProgressiveSeq, eInvoices, invoices, subscriptionCards } from '../../db/schema';

/* The queries of the invoices' documents: each takes the transaction first and filters by company. */

/** The next value of the FatturaPA progressive's sequence (shared by every company: one transmitter). */
export async function nextProgressiveNumber(tx: Tx): Promise<number> {
  const result = await tx.execute(sql`select nextval(${eInvoiceProgressiveSeq.seqName}::regclass)::integer as value`);
  const rows = (result as unknown as { rows: { value: number | string }[] }).rows;
  return Number(rows[0]!.value);
}

export async function insertEInvoice(
  tx: Tx,
  row: { invoiceId: string; companyId: string; progressive: string; fileName: string; xml: string; nextAttemptAt: Date | null },
): Promise<void> {
  await tx.insert(eInvoices).values(row);
}

/**
 * Claims up to `limit` of the company's files due to be sent (kept, their next attempt reached)
 * with a lease: their next attempt moved to `leaseEnd` and their attempts counted, in one
 * statement (rows another transaction holds skipped, the due condition checked again), so that two
 * sweeps never send one file at the same time; a file whose process died sending it is due again
 * when the lease ends.
 */
export async function claimDueEInvoices(tx: Tx, companyId: string, now: Date, leaseEnd: Date, limit: number) {
  const due = and(eq(eInvoices.companyId, companyId), eq(eInvoices.transmission, 'kept'), lte(eInvoices.nextAttemptAt, now));
  const oldest = tx
    .select({ id: eInvoices.invoiceId })
    .from(eInvoices)
    .where(due)
    .orderBy(asc(eInvoices.nextAttemptAt), asc(eInvoices.invoiceId))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(eInvoices)
    .set({ attempts: sql`${eInvoices.attempts} + 1`, nextAttemptAt: leaseEnd })
    .where(and(inArray(eInvoices.invoiceId, oldest), due))
    .returning({ invoiceId: eInvoices.invoiceId, fileName: eInvoices.fileName, xml: eInvoices.xml, attempts: eInvoices.attempts });
}

/** What became of a claimed file: sent, due again at `retryAt` with the error, or given up (`retryAt` null). */
export async function recordTransmission(
  tx: Tx,
  companyId: string,
  invoiceId: string,
  outcome: { sentAt: Date } | { error: string; retryAt: Date | null },
): Promise<void> {
  const change =
    'sentAt' in outcome
      ? { transmission: 'sent', transmittedAt: outcome.sentAt, nextAttemptAt: null, lastError: null }
      : { transmission: outcome.retryAt === null ? 'failed' : 'kept', nextAttemptAt: outcome.retryAt, lastError: outcome.error };
  await tx
    .update(eInvoices)
    .set(change)
    .where(and(eq(eInvoices.companyId, companyId), eq(eInvoices.invoiceId, invoiceId), eq(eInvoices.transmission, 'kept')));
}

/** A paid invoice of the company, or null (unknown, another company's, failed or refunded). */
export async function findPaidInvoice(tx: Tx, companyId: string, invoiceId: string) {
  const [row] = await tx
    .select({
      number: invoices.number,
      description: invoices.description,
      periodStart: invoices.periodStart,
      periodEnd: invoices.periodEnd,
      net: invoices.net,
      vat: invoices.vat,
      total: invoices.total,
      createdAt: invoices.createdAt,
      paidAt: invoices.paidAt,
      vatRate: invoices.vatRate,
      cardLast4: invoices.cardLast4,
    })
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.companyId, companyId), eq(invoices.status, 'paid')));
  return row ?? null;
}

/** The FatturaPA file of a paid invoice of the company, or null. */
export async function findPaidEInvoice(tx: Tx, companyId: string, invoiceId: string): Promise<{ fileName: string; xml: string } | null> {
  const [row] = await tx
    .select({ fileName: eInvoices.fileName, xml: eInvoices.xml })
    .from(eInvoices)
    .innerJoin(invoices, eq(invoices.id, eInvoices.invoiceId))
    .where(and(eq(eInvoices.invoiceId, invoiceId), eq(eInvoices.companyId, companyId), eq(invoices.status, 'paid')));
  return row ?? null;
}

/** The last four digits of the company's card on file, or null. */
export async function findCardLast4(tx: Tx, companyId: string): Promise<string | null> {
  const [row] = await tx.select({ last4: subscriptionCards.last4 }).from(subscriptionCards).where(eq(subscriptionCards.companyId, companyId));
  return row?.last4 ?? null;
}
