import type Stripe from 'stripe';
import type { Money } from '@incontra/contracts/api/subscription';

/** `net` plus VAT at `vatRate` percent, rounded to the cent (half away from zero, as the domain does for a credit). */
export function moneyAtRate(net: number, vatRate: number): Money {
  const vat = Math.sign(net) * Math.round((Math.abs(net) * vatRate) / 100);
  return { net, vat, total: net + vat };
}

const exclusiveTax = (taxes: ReadonlyArray<{ amount: number; tax_behavior: string }> | null | undefined) =>
  (taxes ?? []).filter((tax) => tax.tax_behavior === 'exclusive').reduce((sum, tax) => sum + tax.amount, 0);

/**
 * What Stripe charges, as the port's Money. When Stripe added VAT (a tax rate on the subscription,
 * STRIPE_TAX_RATE) its own figures are taken: they are what the card is charged, to the cent, and
 * what its receipt says. Without a tax rate Stripe adds none, and the VAT is the company's rate on
 * Stripe's net amount: the figure the domain shows and invoices.
 */
function money(net: number, stripeVat: number, taxed: boolean, vatRate: number): Money {
  return taxed ? { net, vat: stripeVat, total: net + stripeVat } : moneyAtRate(net, vatRate);
}

/** An invoice's amount: its total less the VAT Stripe added. */
export function invoiceMoney(invoice: Stripe.Invoice, vatRate: number): Money {
  const taxed = (invoice.total_taxes ?? []).length > 0;
  const vat = exclusiveTax(invoice.total_taxes);
  return money(invoice.total - vat, vat, taxed, vatRate);
}

export const isProrationLine = (line: Stripe.InvoiceLineItem) => line.parent?.subscription_item_details?.proration === true;

/** The prorated part of an invoice (the credit for the old plan and the charge for the new one). */
export function prorationMoney(lines: readonly Stripe.InvoiceLineItem[], vatRate: number): Money {
  const prorations = lines.filter(isProrationLine);
  const net = prorations.reduce((sum, line) => sum + line.amount, 0);
  const taxed = prorations.some((line) => (line.taxes ?? []).length > 0);
  const vat = prorations.reduce((sum, line) => sum + exclusiveTax(line.taxes), 0);
  return money(net, vat, taxed, vatRate);
}
