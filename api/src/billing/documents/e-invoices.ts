import type { BillingData } from '@incontra/contracts/api/billing-data';
import type { Tx } from '../../db/database';
import { buildFatturaPA, progressiveOf } from './fatturapa';
import { insertEInvoice, nextProgressiveNumber } from './repository';
import type { BillingSeller } from './seller';

/*
 * The e-invoice of a paid invoice: written in the payment's transaction (the invoice and its
 * FatturaPA file commit together or not at all) and kept in `e_invoices`, transmission 'kept';
 * with a channel to the SdI configured it is due to be sent at once (sdi-transmission.ts).
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
  /** When the file is due to be sent to the SdI; null (the default) when no channel is configured: kept for the admin. */
  sendFrom?: Date | null;
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
  await insertEInvoice(tx, { invoiceId: input.invoiceId, companyId: input.companyId, progressive, fileName, xml, nextAttemptAt: input.sendFrom ?? null });
  return { fileName };
}

/**
 * The port to the Sistema di Interscambio. Two adapters: the default keeps the files in
 * `e_invoices` for the admin to download and transmit (as the e-mail outbox keeps mails without
 * SMTP); the PEC adapter (SDI_PEC_*, pec-sdi-transmitter.ts) sends each file as the attachment of
 * a PEC message to the SdI's address. The sending is durable: sdi-transmission.ts claims the due
 * files, hands them over and records the outcome, trying a failure again later.
 */
export interface SdiTransmitter {
  /** Whether files leave: new files are then due to be sent at once. */
  readonly sends: boolean;
  /** Hands one file to the SdI's channel; rejects when that did not happen (it is tried again later). */
  transmit(file: { fileName: string; xml: string }): Promise<void>;
  close(): void;
}

/** The default adapter: nothing leaves the database, the files stay kept. */
export const keepingSdiTransmitter: SdiTransmitter = {
  sends: false,
  transmit: async () => {
    throw new Error('no channel to the SdI is configured: the files are kept');
  },
  close: () => undefined,
};
