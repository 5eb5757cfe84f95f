import type { Card, Money, PaymentMode } from '@incontra/contracts/api/subscription';

/*
 * The payment port of the subscription: what the billing domain asks of whoever moves the money.
 * Two adapters implement it completely: the built-in test mode (our database, Stripe's public test
 * cards and their meanings, renewals charged by our own durable sweep) and Stripe (Billing: a
 * customer per company, SetupIntents, subscriptions with proration, webhooks). The domain owns the
 * subscription's row and its rules (which change is an upgrade, when a downgrade applies, limits,
 * the lockout); the gateway charges and reports. Amounts cross the port with their VAT already
 * computed by the domain (`Money`), in euro cents.
 *
 * What the gateway learns later (a renewal paid or declined, a subscription ended on the provider's
 * side) reaches the domain as `GatewayEvent`s through `BillingEventSink`, each with a unique id:
 * Stripe's webhooks and the test mode's renewal sweep alike. The sink applies each id once and
 * re-reads the state it needs, so replays and any order of arrival give one effect.
 */

/** A plan as the gateway charges it: the net monthly price, and Stripe's price for it. */
export interface GatewayPlan {
  id: string;
  name: string;
  /** Net monthly price, euro cents. */
  price: number;
  /** The Stripe Price of this plan (configuration); null in test mode. */
  stripePriceId: string | null;
}

/** Who pays: the company and its customer at the provider (created on the first card). */
export interface GatewayCustomer {
  companyId: string;
  /** The company's name and the admin's e-mail, for the provider's customer record. */
  name: string;
  email: string;
  /** The provider's customer id once created (`cus_…`, or the test mode's), else null. */
  customerId: string | null;
}

/** The subscription as the provider knows it (ids stored on our row). */
export interface GatewaySubscriptionRef {
  companyId: string;
  customerId: string;
  /** The provider's subscription id; null while the company is in its trial or cancelled. */
  subscriptionId: string | null;
  plan: GatewayPlan;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
}

/** A card on file, with the provider's id of the payment method. */
export interface GatewayCard extends Card {
  methodId: string;
}

/** The outcome of a charge made now (a start, an upgrade's proration). */
export type ChargeOutcome =
  | {
      status: 'paid';
      /** The provider's invoice or payment id (idempotent: the same key gives the same id). */
      providerChargeId: string;
      /** The provider's subscription id after the change. */
      subscriptionId: string;
      amount: Money;
      periodStart: Date;
      periodEnd: Date;
    }
  /** The card was declined; `message` is Italian, for the admin. Nothing changed at the provider. */
  | { status: 'declined'; message: string };

export interface SubscriptionGateway {
  readonly mode: PaymentMode;
  /** The customer id for `customer`, creating it the first time (idempotent by company). */
  ensureCustomer(customer: GatewayCustomer): Promise<string>;
  /** What the card form needs to set up a card for the customer. */
  createSetupIntent(input: { companyId: string; customerId: string }): Promise<{ clientSecret: string; publishableKey: string | null }>;
  /**
   * The card the form confirmed (`token`) becomes the customer's default payment method. Throws
   * HttpError 422 (IT_BILLING.cardTokenInvalid) for a token that is not a confirmed card of this
   * customer.
   */
  attachCard(input: { companyId: string; customerId: string; token: string }): Promise<GatewayCard>;
  /**
   * What a change to `plan` costs if made at `prorationDate`: the prorated charge now and the
   * following periods' price. The same figures `changePlan` charges at the same date.
   */
  previewChange(input: { ref: GatewaySubscriptionRef; plan: GatewayPlan; prorationDate: Date; vatRate: number }): Promise<{ dueNow: Money; nextPeriod: Money }>;
  /** Starts a paid subscription on `plan` now (from a trial or a cancelled one): the first period charged. */
  start(input: { companyId: string; customerId: string; plan: GatewayPlan; vatRate: number; now: Date; idempotencyKey: string }): Promise<ChargeOutcome>;
  /** Moves to a dearer plan at once, charging the prorated difference computed at `prorationDate`. */
  upgrade(input: { ref: GatewaySubscriptionRef; plan: GatewayPlan; prorationDate: Date; vatRate: number; idempotencyKey: string }): Promise<ChargeOutcome>;
  /** Schedules `plan` from the current period's end (null: keep the current plan). */
  scheduleNextPlan(input: { ref: GatewaySubscriptionRef; plan: GatewayPlan | null }): Promise<void>;
  /** Cancels at the period's end, or takes that back. */
  setCancelAtPeriodEnd(input: { ref: GatewaySubscriptionRef; cancel: boolean }): Promise<void>;
  /**
   * The built-in test mode only (a provider that renews on its side leaves it out and tells the
   * domain through events): charges the period of `plan` that starts at `periodStart` to the card
   * on file, once per idempotency key. The domain's renewal sweep calls it at the period's end.
   */
  chargeRenewal?(input: RenewalCharge): Promise<ChargeOutcome>;
}

/** A renewal the domain's sweep asks of a gateway that does not renew on its own. */
export interface RenewalCharge {
  companyId: string;
  customerId: string;
  subscriptionId: string | null;
  plan: GatewayPlan;
  vatRate: number;
  periodStart: Date;
  idempotencyKey: string;
}

/** What the provider tells the domain after the fact, each with an id unique at that provider. */
export type GatewayEvent =
  | {
      kind: 'invoice.paid';
      id: string;
      companyId: string;
      providerChargeId: string;
      planId: string;
      amount: Money;
      periodStart: Date;
      periodEnd: Date;
      paidAt: Date;
    }
  | {
      kind: 'invoice.failed';
      id: string;
      companyId: string;
      providerChargeId: string;
      planId: string;
      amount: Money;
      periodStart: Date;
      periodEnd: Date;
      message: string;
    }
  /** The provider ended the subscription (after its retries, or at the period's end when cancelled). */
  | { kind: 'subscription.ended'; id: string; companyId: string; endedAt: Date };

/** The domain's side of the events: applies each event id once, in any order. */
export interface BillingEventSink {
  apply(event: GatewayEvent): Promise<'applied' | 'duplicate'>;
}
