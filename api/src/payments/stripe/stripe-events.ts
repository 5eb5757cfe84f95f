import type Stripe from 'stripe';
import type { GatewayEvent } from '../subscription-gateway';
import { fromUnix, idOf } from './stripe-client';
import { declineMessage } from './stripe-errors';
import type { StripeSubscriptionGateway } from './stripe-gateway';
import { invoicePeriod } from './stripe-invoices';
import { invoiceMoney } from './stripe-money';

/** Why an event changed nothing (logged), or the domain's event it stands for. */
export type Translation = { event: GatewayEvent } | { ignored: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Our company id as the adapter wrote it in the metadata; anything else is not one of ours. */
function metadataCompany(metadata: Stripe.Metadata | null | undefined): string | null {
  const id = metadata?.company_id;
  return id !== undefined && UUID.test(id) ? id.toLowerCase() : null;
}

function customerCompany(customer: string | Stripe.Customer | Stripe.DeletedCustomer | null): string | null {
  return customer && typeof customer !== 'string' && !('deleted' in customer && customer.deleted)
    ? metadataCompany((customer as Stripe.Customer).metadata)
    : null;
}

/** The plan the invoice charges for: the price of its latest line that is a charge, not a credit. */
function invoicePlan(gateway: StripeSubscriptionGateway, invoice: Stripe.Invoice): string | null {
  const charges = invoice.lines.data.filter((line) => line.amount >= 0 && line.pricing?.price_details);
  const latest = charges.sort((a, b) => b.period.end - a.period.end)[0];
  const price = latest?.pricing?.price_details?.price;
  return price ? gateway.planOfPrice(typeof price === 'string' ? price : price.id) : null;
}

/** The Italian reason of the invoice's latest failed attempt, from its PaymentIntent's last error. */
function failureMessage(invoice: Stripe.Invoice): string {
  const intents = (invoice.payments?.data ?? []).map((payment) => payment.payment.payment_intent).filter((intent) => intent && typeof intent !== 'string');
  const error = (intents.at(-1) as Stripe.PaymentIntent | undefined)?.last_payment_error;
  return declineMessage({ code: error?.code, decline_code: error?.decline_code });
}

/**
 * An invoice event, from the invoice as Stripe has it now (never the event's copy, which may be
 * older than another event already handled). The domain event's id names the fact, not the
 * delivery: `invoice.paid` and `invoice.payment_succeeded` of one invoice are one payment, and
 * each failed attempt is one failure, whatever the order and the number of deliveries.
 */
async function invoiceEvent(gateway: StripeSubscriptionGateway, invoiceId: string, failed: boolean, vatRate: number): Promise<Translation> {
  const invoice = await gateway.call((stripe) =>
    stripe.invoices.retrieve(invoiceId, { expand: ['customer', ...(failed ? ['payments', 'payments.data.payment.payment_intent'] : [])] }),
  );
  const companyId = metadataCompany(invoice.parent?.subscription_details?.metadata) ?? customerCompany(invoice.customer);
  if (!companyId) return { ignored: `invoice ${invoice.id} names no company` };
  const planId = invoicePlan(gateway, invoice);
  if (!planId) return { ignored: `invoice ${invoice.id} charges no plan of STRIPE_PRICES` };
  const common = {
    companyId,
    providerChargeId: invoice.id,
    planId,
    amount: invoiceMoney(invoice, vatRate),
    ...invoicePeriod(invoice, { start: fromUnix(invoice.period_start), end: fromUnix(invoice.period_end) }),
  };
  if (!failed) {
    if (invoice.status !== 'paid') return { ignored: `invoice ${invoice.id} is ${invoice.status}, not paid` };
    const paidAt = invoice.status_transitions.paid_at;
    return {
      event: { kind: 'invoice.paid', id: `stripe:invoice.paid:${invoice.id}`, ...common, paidAt: paidAt === null ? common.periodStart : fromUnix(paidAt) },
    };
  }
  // A failure that a later attempt has since paid (or that was voided) is no longer news.
  if (invoice.status !== 'open' && invoice.status !== 'uncollectible') return { ignored: `invoice ${invoice.id} is ${invoice.status} now` };
  return { event: { kind: 'invoice.failed', id: `stripe:invoice.failed:${invoice.id}:${invoice.attempt_count}`, ...common, message: failureMessage(invoice) } };
}

async function subscriptionEnded(gateway: StripeSubscriptionGateway, subscriptionId: string): Promise<Translation> {
  const subscription = await gateway.call((stripe) => stripe.subscriptions.retrieve(subscriptionId, { expand: ['customer'] }));
  if (subscription.status !== 'canceled') return { ignored: `subscription ${subscription.id} is ${subscription.status}` };
  const companyId = metadataCompany(subscription.metadata) ?? customerCompany(subscription.customer);
  if (!companyId) return { ignored: `subscription ${subscription.id} names no company` };
  const endedAt = subscription.ended_at ?? subscription.canceled_at ?? subscription.items.data[0]?.current_period_end;
  if (endedAt === undefined || endedAt === null) return { ignored: `subscription ${subscription.id} has no end` };
  return { event: { kind: 'subscription.ended', id: `stripe:subscription.ended:${subscription.id}`, companyId, endedAt: fromUnix(endedAt) } };
}

function reread(event: Stripe.Event, gateway: StripeSubscriptionGateway, objectId: string, vatRate: number): Promise<Translation> | null {
  switch (event.type) {
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
      return invoiceEvent(gateway, objectId, false, vatRate);
    case 'invoice.payment_failed':
      return invoiceEvent(gateway, objectId, true, vatRate);
    case 'customer.subscription.deleted':
      return subscriptionEnded(gateway, objectId);
    default:
      return null;
  }
}

/**
 * What a verified Stripe event means for the domain, re-read from Stripe. An object Stripe no
 * longer has (a deleted draft, another mode's) is no news; any other failure to read is thrown,
 * so that the event is delivered again.
 */
export async function translateStripeEvent(gateway: StripeSubscriptionGateway, event: Stripe.Event, vatRate: number): Promise<Translation> {
  const objectId = idOf(event.data.object as { id: string });
  if (!objectId) return { ignored: `${event.type} without an object` };
  const translation = reread(event, gateway, objectId, vatRate);
  if (translation === null) return { ignored: `${event.type} is not handled` };
  try {
    return await translation;
  } catch (error) {
    if ((error as { statusCode?: unknown }).statusCode === 404) return { ignored: `${objectId} is unknown to Stripe` };
    throw error;
  }
}
