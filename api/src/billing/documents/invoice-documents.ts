import { IT_BILLING_DOCUMENTS } from '@incontra/contracts/messages/it-billing-documents';
import type { StaffContext } from '../../auth/authenticate';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/http-error';
import { renderReceiptPdf } from './receipt-pdf';
import { findBillingProfile } from '../repository';
import { findCardLast4, findPaidEInvoice, findPaidInvoice } from './repository';
import type { BillingSeller } from './seller';

export interface InvoiceDocumentsOptions {
  db: Database;
  seller: BillingSeller;
  /** The VAT rate (percent) written on receipts of invoices recorded before they kept theirs (migration 0021). */
  vatRate: number;
  /** The built-in test mode: receipts say no real charge was made. */
  testMode: boolean;
}

const notFound = () => new HttpError(404, IT_BILLING_DOCUMENTS.invoiceNotFound);

/** The downloads of a paid invoice of the staff member's company: its PDF receipt and its FatturaPA file. */
export class InvoiceDocuments {
  constructor(private readonly options: InvoiceDocumentsOptions) {}

  async receipt(staff: StaffContext, invoiceId: string): Promise<{ fileName: string; pdf: Uint8Array }> {
    const { company } = staff;
    const found = await this.options.db.withTenant(company.id, async (tx) => {
      const invoice = await findPaidInvoice(tx, company.id, invoiceId);
      if (!invoice) return null;
      // The card as paid; an invoice from before migration 0021 has none kept: today's card on file.
      const cardLast4 = invoice.cardLast4 ?? (invoice.vatRate === null ? await findCardLast4(tx, company.id) : null);
      return { invoice, buyer: await findBillingProfile(tx, company.id), cardLast4 };
    });
    if (!found) throw notFound();
    const { invoice, buyer, cardLast4 } = found;
    const pdf = await renderReceiptPdf({
      seller: this.options.seller,
      buyer,
      companyName: company.name,
      number: invoice.number,
      issuedAt: invoice.createdAt,
      paidAt: invoice.paidAt ?? invoice.createdAt,
      timeZone: company.timeZone,
      description: invoice.description,
      period: { start: invoice.periodStart, end: invoice.periodEnd },
      net: invoice.net,
      vat: invoice.vat,
      total: invoice.total,
      vatRate: invoice.vatRate ?? this.options.vatRate,
      cardLast4,
      testMode: this.options.testMode,
    });
    return { fileName: `ricevuta-${invoice.number}.pdf`, pdf };
  }

  async eInvoice(staff: StaffContext, invoiceId: string): Promise<{ fileName: string; xml: string }> {
    const companyId = staff.company.id;
    const file = await this.options.db.withTenant(companyId, (tx) => findPaidEInvoice(tx, companyId, invoiceId));
    if (!file) throw notFound();
    return file;
  }
}
