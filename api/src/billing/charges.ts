import { DateTime } from 'luxon';
import type { Money } from '@incontra/contracts/api/subscription';
import { formatEuro } from '@incontra/contracts/money';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import type { Tx } from '../db/database';
import { enqueueMail } from '../mail/after-commit';
import type { Mailer } from '../mail/mailer';
import type { BillingConfig } from './billing-config';
import { recordEInvoice } from './documents/e-invoices';
import { findCardLast4 } from './documents/repository';
import { findBillingContact, findBillingProfile, insertInvoice } from './repository';

/** Invoices are dated, numbered by year and described on the Italian calendar. */
export const BILLING_ZONE = 'Europe/Rome';

/** A day as the receipts write it: 02/03/2026. */
export function billingDay(instant: Date): string {
  return DateTime.fromJSDate(instant).setZone(BILLING_ZONE).toFormat('dd/MM/yyyy');
}

export interface ChargeRecordDeps {
  mailer: Mailer;
  billing: BillingConfig;
}

export interface ChargeRecord {
  companyId: string;
  planId: string;
  description: string;
  periodStart: Date;
  periodEnd: Date;
  amount: Money;
  at: Date;
  /** The idempotency key of the invoice: one invoice per key whatever the replays. */
  key: string;
  outcome: { status: 'paid'; providerChargeId: string } | { status: 'failed'; message: string; providerChargeId: string | null };
}

/** The invoice key of a paid charge: the provider's charge id, so a checkout and a webhook of it give one invoice. */
export const paidInvoiceKey = (providerChargeId: string) => `charge:${providerChargeId}`;

/**
 * Records a charge in the caller's transaction: its invoice (once per key; null for a replay),
 * and for a paid one its FatturaPA file (when the company has given its invoicing data) and the
 * receipt e-mail to the company's admin, delivered once the transaction commits.
 */
export async function recordCharge(tx: Tx, deps: ChargeRecordDeps, record: ChargeRecord): Promise<{ id: string; number: string } | null> {
  const paid = record.outcome.status === 'paid';
  const invoice = await insertInvoice(tx, DateTime.fromJSDate(record.at).setZone(BILLING_ZONE).year, {
    companyId: record.companyId,
    planId: record.planId,
    description: record.description,
    periodStart: record.periodStart,
    periodEnd: record.periodEnd,
    net: record.amount.net,
    vat: record.amount.vat,
    total: record.amount.total,
    // As paid: the receipt drawn later says the rate and the card of this charge, whatever changed since.
    vatRate: paid ? deps.billing.vatRate : null,
    cardLast4: paid ? await findCardLast4(tx, record.companyId) : null,
    status: record.outcome.status,
    failureMessage: record.outcome.status === 'failed' ? record.outcome.message : null,
    paidAt: paid ? record.at : null,
    providerChargeId: record.outcome.providerChargeId,
    idempotencyKey: record.key,
    createdAt: record.at,
  });
  if (!invoice || !paid) return invoice;
  const buyer = await findBillingProfile(tx, record.companyId);
  if (buyer) {
    await recordEInvoice(tx, {
      invoiceId: invoice.id,
      companyId: record.companyId,
      number: invoice.number,
      issuedOn: DateTime.fromJSDate(record.at).setZone(BILLING_ZONE).toISODate()!,
      description: record.description,
      net: record.amount.net,
      vatRate: deps.billing.vatRate,
      buyer,
      seller: deps.billing.seller,
      // With a channel to the SdI the file is due at once (documents/sdi-transmission.ts); else kept for the admin.
      sendFrom: deps.billing.sdi ? record.at : null,
    });
  }
  const contact = await findBillingContact(tx, record.companyId);
  if (contact?.email) {
    const { net, vat, total } = record.amount;
    await enqueueMail(tx, deps.mailer, record.companyId, {
      to: contact.email,
      subject: IT_BILLING.charges.receiptSubject(invoice.number),
      text: IT_BILLING.charges.receiptText(contact.companyName, record.description, formatEuro(net), formatEuro(vat), deps.billing.vatRate, formatEuro(total)),
    });
  }
  return invoice;
}
