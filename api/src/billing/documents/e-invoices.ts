import type { BillingData } from '@incontra/contracts/api/billing-data';
import type { Tx } from '../../db/database';
import { buildFatturaPA, progressiveOf } from './fatturapa';
import { insertEInvoice, nextProgressiveNumber } from './repository';
import type { BillingSeller } from './seller';

/*
 * The e-invoice of a paid invoice: written in the payment's transaction (the invoice and its
 * FatturaPA file commit together or not at all) and kept in `e_invoices`, transmission 'kept'.
 */

export interface EInvoiceInput {
  invoiceId: string;
  companyId: string;
  /** The invoice's number, e.g. '2026-000012'. */
  number: string;
  /** The invoice's day, YYYY-MM-DD. */
  issuedOn: string;
  description: string;
  /** Net amount, cents. */
  net: number;
  /** VAT in percent, above 0 (the FatturaPA of an untaxed sale needs a Natura this builder does not write). */
  vatRate: number;
  buyer: BillingData;
  seller: BillingSeller;
}

/**
 * Takes the next progressive, writes the FatturaPA file and stores it with the invoice. Throws
 * (and so rolls the payment's transaction back) when the input cannot make a valid file.
 */
export async function recordEInvoice(tx: Tx, input: EInvoiceInput): Promise<{ fileName: string }> {
  const progressive = progressiveOf(await nextProgressiveNumber(tx));
  const { fileName, xml } = buildFatturaPA({
    transmitter: { idPaese: 'IT', idCodice: input.seller.taxCode },
    progressive,
    seller: input.seller,
    buyer: input.buyer,
    document: {
      number: input.number,
      date: input.issuedOn,
      lines: [{ description: input.description, quantity: 1, unitPrice: input.net, vatRate: input.vatRate }],
    },
  });
  await insertEInvoice(tx, { invoiceId: input.invoiceId, companyId: input.companyId, progressive, fileName, xml });
  return { fileName };
}

/** What became of a file handed to the SdI. */
export type SdiOutcome = 'kept' | 'sent' | 'failed';

/**
 * The port to the Sistema di Interscambio (directly or through an intermediary). Only the default
 * adapter exists: it keeps the files in `e_invoices` for the admin to download and transmit, as
 * the e-mail outbox keeps mails. A real adapter would send the 'kept' rows after their commit and
 * record 'sent' or 'failed' with the time.
 */
export interface SdiTransmitter {
  transmit(file: { fileName: string; xml: string }): Promise<SdiOutcome>;
}

/** The default adapter: the file stays kept, nothing leaves the database. */
export const keepingSdiTransmitter: SdiTransmitter = {
  transmit: async () => 'kept',
};
