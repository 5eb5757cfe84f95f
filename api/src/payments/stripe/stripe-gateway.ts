import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { HttpError } from '../../http/http-error';
import type { ChargeOutcome, GatewayCard, GatewayCustomer, GatewayPlan, GatewaySubscriptionRef, SubscriptionGateway } from '../subscription-gateway';
import { createStripeClient, fromUnix, idOf, toUnix, type StripeClientOptions } from './stripe-client';
import { declinedMessageOf, withinDeadline } from './stripe-errors';
import { paidOutcome } from './stripe-invoices';
import { moneyAtRate, prorationMoney } from './stripe-money';
import { releaseSchedule, scheduleNextPrice, type StripeCall } from './stripe-schedules';
import { STRIPE_DEFAULT_TIMEOUT_MS } from './stripe-config';

export interface StripeGatewayOptions extends Omit<StripeClientOptions, 'timeoutMs'> {
  publishableKey: string;
  /** The Stripe Price of each plan sold, by plan id (STRIPE_PRICES). */
  prices: Record<string, string>;
  /** A Tax Rate added to every subscription (STRIPE_TAX_RATE), or none. */
  taxRateId?: string | null;
  /** The longest one call may take, retries included; 10 s by default. */
  timeoutMs?: number;
}

/** A PaymentMethod id as the Payment Element's confirmation gives it. */
const PAYMENT_METHOD_ID = /^pm_[A-Za-z0-9_]{1,250}$/;

/**
 * The subscription port on Stripe Billing: a customer per company, SetupIntents for the card,
 * subscriptions charged at once (`error_if_incomplete`: a declined card changes nothing), upgrades
 * prorated at the date the preview used, downgrades as a subscription schedule's second phase.
 * Every write carries an idempotency key: the port's, one derived from what is written once (the
 * company's customer), or one drawn per call, which stripe-node's retries of that call repeat.
 */
export class StripeSubscriptionGateway implements SubscriptionGateway {
  readonly mode = 'stripe' as const;
  readonly stripe: Stripe;
  readonly timeoutMs: number;
  private readonly publishableKey: string;
  private readonly prices: Record<string, string>;
  private readonly planByPrice: Map<string, string>;
  private readonly taxRates: string[];

  constructor(options: StripeGatewayOptions) {
    this.timeoutMs = options.timeoutMs ?? STRIPE_DEFAULT_TIMEOUT_MS;
    this.stripe = createStripeClient({ ...options, timeoutMs: this.timeoutMs });
    this.publishableKey = options.publishableKey;
    this.prices = { ...options.prices };
    this.planByPrice = new Map(Object.entries(this.prices).map(([plan, price]) => [price, plan]));
    this.taxRates = options.taxRateId ? [options.taxRateId] : [];
  }

  /** Stripe's call `fn`, within the timeout; a failed connection is a 503 in Italian. */
  readonly call: StripeCall = (fn) => withinDeadline(this.timeoutMs, () => fn(this.stripe));

  /** The plan a Stripe Price stands for, null for a price this configuration does not sell. */
  planOfPrice(priceId: string): string | null {
    return this.planByPrice.get(priceId) ?? null;
  }

  private priceOf(plan: GatewayPlan): string {
    const price = plan.stripePriceId ?? this.prices[plan.id];
    if (!price) throw new HttpError(422, IT_BILLING.planUnknown);
    return price;
  }

  async ensureCustomer(customer: GatewayCustomer): Promise<string> {
    if (customer.customerId) return customer.customerId;
    const created = await this.call((stripe) =>
      stripe.customers.create(
        { name: customer.name, email: customer.email, preferred_locales: ['it'], metadata: { company_id: customer.companyId } },
        { idempotencyKey: `customer:${customer.companyId}` },
      ),
    );
    return created.id;
  }

  async createSetupIntent(input: { companyId: string; customerId: string }): Promise<{ clientSecret: string; publishableKey: string | null }> {
    const intent = await this.call((stripe) =>
      stripe.setupIntents.create(
        {
          customer: input.customerId,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          usage: 'off_session',
          metadata: { company_id: input.companyId },
        },
        { idempotencyKey: `setup-intent:${input.companyId}:${randomUUID()}` },
      ),
    );
    if (!intent.client_secret) throw new Error(`Stripe answered SetupIntent ${intent.id} without a client secret`);
    return { clientSecret: intent.client_secret, publishableKey: this.publishableKey };
  }

  async attachCard(input: { companyId: string; customerId: string; token: string }): Promise<GatewayCard> {
    const refused = () => new HttpError(422, IT_BILLING.cardTokenInvalid, 'stripeToken');
    if (!PAYMENT_METHOD_ID.test(input.token)) throw refused();
    const method = await this.call((stripe) => stripe.paymentMethods.retrieve(input.token)).catch((error: unknown) => {
      if ((error as { statusCode?: number }).statusCode === 404) throw refused();
      throw error;
    });
    // Only a card the customer's own SetupIntent attached: never one of another company.
    if (idOf(method.customer) !== input.customerId || method.type !== 'card' || !method.card) throw refused();
    const card = method.card;
    await this.call((stripe) =>
      stripe.customers.update(
        input.customerId,
        { invoice_settings: { default_payment_method: method.id } },
        { idempotencyKey: `default-card:${input.customerId}:${method.id}` },
      ),
    );
    return { methodId: method.id, brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
  }

  /** The subscription and its one item (a subscription here always has exactly one). */
  private async subscriptionOf(ref: GatewaySubscriptionRef): Promise<{ subscription: Stripe.Subscription; item: Stripe.SubscriptionItem }> {
    if (!ref.subscriptionId) throw new Error(`company ${ref.companyId} has no Stripe subscription`);
    const subscriptionId = ref.subscriptionId;
    const subscription = await this.call((stripe) => stripe.subscriptions.retrieve(subscriptionId));
    const item = subscription.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${subscription.id} has no item`);
    return { subscription, item };
  }

  async previewChange(input: { ref: GatewaySubscriptionRef; plan: GatewayPlan; prorationDate: Date; vatRate: number }) {
    const nextPeriod = moneyAtRate(input.plan.price, input.vatRate);
    // From a trial (no subscription at Stripe yet) the first period is charged whole.
    if (!input.ref.subscriptionId) return { dueNow: nextPeriod, nextPeriod };
    const { subscription, item } = await this.subscriptionOf(input.ref);
    const price = this.priceOf(input.plan);
    const preview = await this.call((stripe) =>
      stripe.invoices.createPreview({
        customer: input.ref.customerId,
        subscription: subscription.id,
        subscription_details: {
          items: [{ id: item.id, price }],
          proration_behavior: 'always_invoice',
          proration_date: toUnix(input.prorationDate),
        },
      }),
    );
    return { dueNow: prorationMoney(preview.lines.data, input.vatRate), nextPeriod };
  }

  /** A card refusal becomes `declined` (nothing changed at Stripe); anything else is thrown. */
  private async charging(write: () => Promise<ChargeOutcome>): Promise<ChargeOutcome> {
    try {
      return await write();
    } catch (error) {
      const message = declinedMessageOf(error);
      if (message !== null) return { status: 'declined', message };
      throw error;
    }
  }

  async start(input: { companyId: string; customerId: string; plan: GatewayPlan; vatRate: number; now: Date; idempotencyKey: string }): Promise<ChargeOutcome> {
    const price = this.priceOf(input.plan);
    return this.charging(async () => {
      const customer = await this.call((stripe) => stripe.customers.retrieve(input.customerId));
      const card = 'deleted' in customer && customer.deleted ? null : idOf((customer as Stripe.Customer).invoice_settings.default_payment_method);
      if (!card) return { status: 'declined', message: IT_BILLING.stripe.noCard };
      const subscription = await this.call((stripe) =>
        stripe.subscriptions.create(
          {
            customer: input.customerId,
            items: [{ price }],
            default_payment_method: card,
            payment_behavior: 'error_if_incomplete',
            metadata: { company_id: input.companyId, plan_id: input.plan.id },
            ...(this.taxRates.length > 0 ? { default_tax_rates: this.taxRates } : {}),
            expand: ['latest_invoice'],
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return paidOutcome(subscription, input.vatRate, { start: input.now, end: input.now });
    });
  }

  async upgrade(input: {
    ref: GatewaySubscriptionRef;
    plan: GatewayPlan;
    prorationDate: Date;
    vatRate: number;
    idempotencyKey: string;
  }): Promise<ChargeOutcome> {
    const price = this.priceOf(input.plan);
    return this.charging(async () => {
      const { subscription, item } = await this.subscriptionOf(input.ref);
      const updated = await this.call((stripe) =>
        stripe.subscriptions.update(
          subscription.id,
          {
            items: [{ id: item.id, price }],
            proration_behavior: 'always_invoice',
            proration_date: toUnix(input.prorationDate),
            payment_behavior: 'error_if_incomplete',
            metadata: { company_id: input.ref.companyId, plan_id: input.plan.id },
            expand: ['latest_invoice'],
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      // The upgrade replaces a scheduled downgrade, whose next phase would otherwise undo it.
      const scheduleId = idOf(subscription.schedule);
      if (scheduleId) await releaseSchedule(this.call, scheduleId);
      return paidOutcome(updated, input.vatRate, { start: input.prorationDate, end: fromUnix(item.current_period_end) });
    });
  }

  async scheduleNextPlan(input: { ref: GatewaySubscriptionRef; plan: GatewayPlan | null }): Promise<void> {
    const { subscription, item } = await this.subscriptionOf(input.ref);
    if (input.plan === null) {
      const scheduleId = idOf(subscription.schedule);
      if (scheduleId) await releaseSchedule(this.call, scheduleId);
      return;
    }
    const nextPrice = this.priceOf(input.plan);
    // A next plan means the subscription goes on: a cancellation at the period's end is taken back
    // first, while no schedule manages the subscription yet (Stripe refuses it after).
    if (subscription.cancel_at_period_end) await this.updateCancelAtPeriodEnd(subscription.id, false);
    const metadata = { company_id: input.ref.companyId, next_plan_id: input.plan.id };
    await scheduleNextPrice(this.call, { subscription, item, nextPrice, metadata });
  }

  async setCancelAtPeriodEnd(input: { ref: GatewaySubscriptionRef; cancel: boolean }): Promise<void> {
    const { subscription } = await this.subscriptionOf(input.ref);
    // Asked again (a retry of the domain's): nothing to change, and Stripe is not asked to.
    if (subscription.cancel_at_period_end === input.cancel) return;
    // Stripe refuses to change the cancellation of a subscription a schedule manages; and one
    // cancelled at its end has no next plan: the scheduled downgrade is dropped first.
    const scheduleId = idOf(subscription.schedule);
    if (scheduleId) await releaseSchedule(this.call, scheduleId);
    await this.updateCancelAtPeriodEnd(subscription.id, input.cancel);
  }

  private async updateCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    await this.call((stripe) =>
      stripe.subscriptions.update(
        subscriptionId,
        { cancel_at_period_end: cancel },
        { idempotencyKey: `cancel-at-period-end:${subscriptionId}:${cancel}:${randomUUID()}` },
      ),
    );
  }
}

/** The Stripe adapter of the subscription port, from the configuration (`readStripeConfig`). */
export function createStripeGateway(config: StripeGatewayOptions): StripeSubscriptionGateway {
  return new StripeSubscriptionGateway(config);
}
