import type Stripe from 'stripe';
import type { ChargeOutcome } from '../subscription-gateway';
import { fromUnix } from './stripe-client';
import { invoiceMoney } from './stripe-money';

/** The span an invoice charges: from its lines' earliest start to their latest end. */
export function invoicePeriod(invoice: Stripe.Invoice, fallback: { start: Date; end: Date }): { periodStart: Date; periodEnd: Date } {
  const periods = invoice.lines.data.map((line) => line.period);
  if (periods.length === 0) return { periodStart: fallback.start, periodEnd: fallback.end };
  return {
    periodStart: fromUnix(Math.min(...periods.map((period) => period.start))),
    periodEnd: fromUnix(Math.max(...periods.map((period) => period.end))),
  };
}

/**
 * The outcome of a write made with `error_if_incomplete` and `expand: ['latest_invoice']`: Stripe
 * answered, so the invoice is paid (a refusal is an error, handled by the caller).
 */
export function paidOutcome(subscription: Stripe.Subscription, vatRate: number, fallback: { start: Date; end: Date }): ChargeOutcome {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === 'string') throw new Error(`Stripe answered subscription ${subscription.id} without its latest invoice`);
  if (invoice.status !== 'paid') throw new Error(`Stripe invoice ${invoice.id} is ${invoice.status} after an error_if_incomplete write`);
  return {
    status: 'paid',
    providerChargeId: invoice.id,
    subscriptionId: subscription.id,
    amount: invoiceMoney(invoice, vatRate),
    ...invoicePeriod(invoice, fallback),
  };
}
