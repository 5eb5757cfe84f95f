import type Stripe from 'stripe';
import type { CustomerPaymentEvent } from '../customer-payments';
import { idOf } from './stripe-client';
import { eventAccount, metadataOf, toCustomerPaymentState, type StripeCustomerPayments } from './customer-gateway';

/*
 * What an event of a connected account (Connect: `event.account`) means for the customer payment
 * port, from the object as Stripe has it now (never the event's copy: deliveries come late, twice
 * and out of order). The port's event id names the fact, not the delivery: a PaymentIntent paid,
 * one failed attempt, the amount refunded so far; so a late `payment_intent.payment_failed` after
 * the success names nothing new and is ignored.
 */

/** The port's event to dispatch, or why the Stripe event changes nothing (logged). */
export type ConnectTranslation = { event: CustomerPaymentEvent } | { account: string; companyId: string } | { ignored: string };

async function paymentEvent(gateway: StripeCustomerPayments, account: string, paymentIntentId: string, type: string): Promise<ConnectTranslation> {
  // The company is read from the PaymentIntent's own metadata; intentOf checks it is that company's.
  const intent = await gateway.peekIntent(account, paymentIntentId);
  if (!intent) return { ignored: `${paymentIntentId} is unknown on ${account}` };
  const metadata = metadataOf(intent);
  if (!metadata) return { ignored: `${paymentIntentId} is not a customer payment of ours` };
  if (!(await gateway.isAccountOf(metadata.companyId, account))) return { ignored: `${account} is not the account of company ${metadata.companyId}` };
  const state = toCustomerPaymentState(intent);
  const ref = { companyId: metadata.companyId, accountId: account, paymentId: intent.id };
  const common = { purpose: metadata.purpose, reference: metadata.reference, ref };
  switch (type) {
    case 'payment_intent.succeeded':
      if (state.status !== 'paid') return { ignored: `${intent.id} is ${intent.status}, not paid` };
      return { event: { kind: 'payment.succeeded', id: `stripe:payment.succeeded:${intent.id}`, ...common } };
    case 'payment_intent.payment_failed': {
      if (state.status !== 'failed') return { ignored: `${intent.id} is ${intent.status} now` };
      // One failure per failed attempt: the attempt is the charge (or the error's payment method).
      const attempt = intent.last_payment_error?.charge ?? idOf(intent.last_payment_error?.payment_method ?? null) ?? 'attempt';
      return { event: { kind: 'payment.failed', id: `stripe:payment.failed:${intent.id}:${attempt}`, ...common } };
    }
    default:
      if (state.amountRefunded === 0) return { ignored: `${intent.id} has no refund` };
      return { event: { kind: 'payment.refunded', id: `stripe:payment.refunded:${intent.id}:${state.amountRefunded}`, ...common } };
  }
}

/**
 * The translation of a verified event of a connected account: a payment's news for the router, an
 * account whose flags were refreshed, or nothing. An object Stripe no longer has is no news; any
 * other failure is thrown, so that the event is delivered again.
 */
export async function translateConnectEvent(gateway: StripeCustomerPayments, event: Stripe.Event): Promise<ConnectTranslation> {
  const account = eventAccount(event);
  if (!account) return { ignored: `${event.type} without a connected account` };
  const object = event.data.object as { id?: string; payment_intent?: string | { id: string } | null };
  try {
    switch (event.type) {
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed':
        return object.id ? await paymentEvent(gateway, account, object.id, event.type) : { ignored: `${event.type} without an object` };
      case 'charge.refunded': {
        const intentId = idOf(object.payment_intent ?? null);
        return intentId ? await paymentEvent(gateway, account, intentId, event.type) : { ignored: `charge ${object.id} has no PaymentIntent` };
      }
      case 'account.updated': {
        const companyId = await gateway.refreshAccountOfEvent(account);
        return companyId ? { account, companyId } : { ignored: `${account} is not a company's account` };
      }
      default:
        return { ignored: `${event.type} is not handled` };
    }
  } catch (error) {
    if ((error as { statusCode?: unknown }).statusCode === 404) return { ignored: `an object of ${event.type} is unknown to Stripe` };
    throw error;
  }
}
