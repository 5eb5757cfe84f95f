import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import type { Money } from '@incontra/contracts/api/subscription';
import type { Clock } from '../../common/clock';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/http-error';
import { monthAfter, prorate, withVat } from '../../billing/proration';
import type {
  ChargeOutcome,
  GatewayCard,
  GatewayCustomer,
  GatewayPlan,
  GatewaySubscriptionRef,
  RenewalCharge,
  SubscriptionGateway,
} from '../subscription-gateway';
import { attachTestCard, findDefaultCard, findTestCard, insertSetupIntent, insertTestCard, type TestCardRow } from './repository';

/*
 * The built-in test mode: the payment port in our own database, nothing charged. Customers and
 * subscriptions are ids of ours (`tcus_…`, `tsub_…`); a card is what our card form confirmed
 * (`tpm_…`, a row of test_cards), the customer's default being the one attached last; a charge is
 * a test_cards row of purpose 'payment' whose token is derived from the idempotency key, so the
 * same key gives the same outcome and one charge. The card on file decides: Stripe's declined
 * number declines, any other succeeds (the authentication card was authenticated when set up, and
 * later charges go through, as with Stripe). Each call opens its own short transaction: the
 * billing service calls the gateway between its transactions, never inside one.
 */

export const TEST_CUSTOMER_PREFIX = 'tcus_';
const SETUP_SECRET_BYTES = 24;

/** The hash kept of a client secret (the secret itself is the card form's capability). */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A token derived from the company and an idempotency key: the same pair, the same token. */
function derived(prefix: string, companyId: string, key: string): string {
  return `${prefix}${createHash('sha256').update(`${companyId}:${key}`).digest('hex').slice(0, 40)}`;
}

export function toGatewayCard(row: TestCardRow): GatewayCard {
  return { methodId: row.token, brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear };
}

export interface TestModeGatewayDeps {
  db: Database;
  clock: Clock;
}

export class TestModeGateway implements SubscriptionGateway {
  readonly mode = 'test' as const;

  constructor(private readonly deps: TestModeGatewayDeps) {}

  async ensureCustomer(customer: GatewayCustomer): Promise<string> {
    return customer.customerId ?? `${TEST_CUSTOMER_PREFIX}${randomUUID()}`;
  }

  async createSetupIntent(input: { companyId: string; customerId: string }): Promise<{ clientSecret: string; publishableKey: string | null }> {
    const id = randomUUID();
    const clientSecret = `tseti_${id}_secret_${randomBytes(SETUP_SECRET_BYTES).toString('base64url')}`;
    await this.deps.db.withTenant(input.companyId, (tx) =>
      insertSetupIntent(tx, {
        id,
        companyId: input.companyId,
        customerId: input.customerId,
        clientSecretHash: hashSecret(clientSecret),
        createdAt: this.deps.clock(),
      }),
    );
    return { clientSecret, publishableKey: null };
  }

  async attachCard(input: { companyId: string; customerId: string; token: string }): Promise<GatewayCard> {
    const row = await this.deps.db.withTenant(input.companyId, (tx) => attachTestCard(tx, input.companyId, input.customerId, input.token, this.deps.clock()));
    if (!row) throw new HttpError(422, IT_BILLING.cardTokenInvalid, 'stripeToken');
    return toGatewayCard(row);
  }

  async previewChange(input: {
    ref: GatewaySubscriptionRef;
    plan: GatewayPlan;
    prorationDate: Date;
    vatRate: number;
  }): Promise<{ dueNow: Money; nextPeriod: Money }> {
    const { ref, plan, prorationDate, vatRate } = input;
    return {
      dueNow: prorate({
        oldPrice: ref.plan.price,
        newPrice: plan.price,
        periodStart: ref.currentPeriodStart,
        periodEnd: ref.currentPeriodEnd,
        at: prorationDate,
        vatRate,
      }),
      nextPeriod: withVat(plan.price, vatRate),
    };
  }

  async start(input: { companyId: string; customerId: string; plan: GatewayPlan; vatRate: number; now: Date; idempotencyKey: string }): Promise<ChargeOutcome> {
    const amount = withVat(input.plan.price, input.vatRate);
    const charge = await this.charge(input.companyId, input.customerId, amount, input.idempotencyKey);
    if (charge.status === 'failed') return { status: 'declined', message: IT_BILLING.testMode.cardDeclined };
    if (charge.status !== 'succeeded') return { status: 'declined', message: IT_BILLING.stripe.noCard };
    const periodStart = charge.createdAt;
    return {
      status: 'paid',
      providerChargeId: charge.token,
      subscriptionId: derived('tsub_', input.companyId, input.idempotencyKey),
      amount,
      periodStart,
      periodEnd: monthAfter(periodStart),
    };
  }

  async upgrade(input: {
    ref: GatewaySubscriptionRef;
    plan: GatewayPlan;
    prorationDate: Date;
    vatRate: number;
    idempotencyKey: string;
  }): Promise<ChargeOutcome> {
    const { ref } = input;
    const { dueNow } = await this.previewChange(input);
    const charge = await this.charge(ref.companyId, ref.customerId, dueNow, input.idempotencyKey);
    if (charge.status === 'failed') return { status: 'declined', message: IT_BILLING.testMode.cardDeclined };
    if (charge.status !== 'succeeded') return { status: 'declined', message: IT_BILLING.stripe.noCard };
    return {
      status: 'paid',
      providerChargeId: charge.token,
      subscriptionId: ref.subscriptionId ?? derived('tsub_', ref.companyId, input.idempotencyKey),
      amount: dueNow,
      periodStart: ref.currentPeriodStart,
      periodEnd: ref.currentPeriodEnd,
    };
  }

  /** Our row is the subscription: the renewal sweep reads the next plan from it. */
  async scheduleNextPlan(): Promise<void> {}

  /** Our row is the subscription: the renewal sweep reads the cancellation from it. */
  async setCancelAtPeriodEnd(): Promise<void> {}

  /** The test mode's renewal (Stripe renews on its side): the period after `periodStart`, charged to the card on file. */
  async chargeRenewal(input: RenewalCharge): Promise<ChargeOutcome> {
    const amount = withVat(input.plan.price, input.vatRate);
    const charge = await this.charge(input.companyId, input.customerId, amount, input.idempotencyKey);
    if (charge.status === 'failed') return { status: 'declined', message: IT_BILLING.testMode.cardDeclined };
    if (charge.status !== 'succeeded') return { status: 'declined', message: IT_BILLING.stripe.noCard };
    return {
      status: 'paid',
      providerChargeId: charge.token,
      subscriptionId: input.subscriptionId ?? derived('tsub_', input.companyId, input.idempotencyKey),
      amount,
      periodStart: input.periodStart,
      periodEnd: monthAfter(input.periodStart),
    };
  }

  /**
   * Charges `amount` to the customer's default card once per key: the first call records the
   * charge (succeeded, or failed for a card that declines), a later one with the same key reads
   * it back. No card on file: nothing recorded, answered as `requires_action` (not chargeable).
   */
  private charge(companyId: string, customerId: string, amount: Money, key: string): Promise<Pick<TestCardRow, 'token' | 'status' | 'createdAt'>> {
    const token = derived('tch_', companyId, key);
    return this.deps.db.withTenant(companyId, async (tx) => {
      const known = await findTestCard(tx, companyId, token);
      if (known) return known;
      const card = await findDefaultCard(tx, companyId, customerId);
      if (!card) return { token, status: 'requires_action', createdAt: this.deps.clock() };
      const inserted = await insertTestCard(tx, {
        token,
        companyId,
        customerId,
        last4: card.last4,
        brand: card.brand,
        expMonth: card.expMonth,
        expYear: card.expYear,
        behaviour: card.behaviour,
        status: card.behaviour === 'declined' ? 'failed' : 'succeeded',
        purpose: 'payment',
        amountTotal: amount.total,
        createdAt: this.deps.clock(),
      });
      return inserted ?? (await findTestCard(tx, companyId, token))!;
    });
  }
}
