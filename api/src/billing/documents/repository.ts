import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { eInvoiceProgressiveSeq, eInvoices, invoices, subscriptionCards } from '../../db/schema';

/* The queries of the invoices' documents: each takes the transaction first and filters by company. */

/** The next value of the FatturaPA progressive's sequence (shared by every company: one transmitter). */
export async function nextProgressiveNumber(tx: Tx): Promise<number> {
  const result = await tx.execute(sql`select nextval(${eInvoiceProgressiveSeq.seqName}::regclass)::integer as value`);
  const rows = (result as unknown as { rows: { value: number | string }[] }).rows;
  return Number(rows[0]!.value);
}

export async function insertEInvoice(tx: Tx, row: { invoiceId: string; companyId: string; progressive: string; fileName: string; xml: string }): Promise<void> {
  await tx.insert(eInvoices).values(row);
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
