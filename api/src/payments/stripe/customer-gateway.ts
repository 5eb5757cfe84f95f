import { createHash, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { IT_CUSTOMER_PAYMENTS } from '@incontra/contracts/messages/it-customer-payments';
import type { Clock } from '../../common/clock';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/http-error';
import { checkCreateInput, checkKey } from '../customer-payment-input';
import type {
  CreateCustomerPayment,
  CreatedCustomerPayment,
  CustomerPaymentAccount,
  CustomerPaymentGateway,
  CustomerPaymentRef,
  CustomerPaymentState,
} from '../customer-payments';
import { CUSTOMER_PAYMENT_PURPOSES, type CustomerPaymentPurpose } from '../customer-payments';
import { fromUnix } from './stripe-client';
import { findPaymentAccount, insertPaymentAccount, storeAccountFlags, type PaymentAccountRow } from './customer-accounts';
import type { StripeCall } from './stripe-schedules';

/*
 * The customer payment port on Stripe Connect. The company is paid on its own connected account:
 * each payment is a PaymentIntent created there (a direct charge, request option `stripeAccount`),
 * with our application fee (STRIPE_APPLICATION_FEE_PERCENT of the amount, rounded to the cent)
 * and every payment method the account has enabled (`automatic_payment_methods`: Stripe 23 has no
 * `payment_method_types` on create). The customer pays it with Stripe.js given the client secret
 * and the same `stripeAccount`. Every create carries an idempotency key: the domain's, prefixed
 * with the company (two companies' keys never meet), or one per call for what is not a payment.
 */

/** A PaymentIntent's, a connected account's id as Stripe writes them. */
const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9_]{1,250}$/;
const ACCOUNT_ID = /^acct_[A-Za-z0-9_]{1,250}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a PaymentIntent of ours carries in its metadata. */
export interface CustomerPaymentMetadata {
  purpose: CustomerPaymentPurpose;
  reference: string;
  companyId: string;
}

/** Our metadata of a PaymentIntent, null when it is not one of ours. */
export function metadataOf(intent: Stripe.PaymentIntent): CustomerPaymentMetadata | null {
  const { purpose, reference, companyId } = intent.metadata ?? {};
  if (!purpose || !CUSTOMER_PAYMENT_PURPOSES.includes(purpose as CustomerPaymentPurpose)) return null;
  if (!reference || !companyId || !UUID.test(companyId)) return null;
  return { purpose: purpose as CustomerPaymentPurpose, reference, companyId: companyId.toLowerCase() };
}

/** The port's view of a PaymentIntent (its latest charge expanded). */
export function toCustomerPaymentState(intent: Stripe.PaymentIntent): CustomerPaymentState {
  const charge = intent.latest_charge && typeof intent.latest_charge !== 'string' ? intent.latest_charge : null;
  const status =
    intent.status === 'succeeded'
      ? 'paid'
      : intent.status === 'canceled'
        ? 'canceled'
        : intent.status === 'requires_payment_method' && intent.last_payment_error
          ? 'failed'
          : 'pending';
  const paid = status === 'paid';
  return {
    status,
    amountReceived: intent.amount_received,
    amountRefunded: charge?.amount_refunded ?? 0,
    paidAt: paid && charge ? fromUnix(charge.created) : null,
    last4: paid ? (charge?.payment_method_details?.card?.last4 ?? null) : null,
  };
}

/** Our fee on `amount` cents at `percent` %, in whole cents. */
export function applicationFee(amount: number, percent: number): number {
  return Math.round((amount * percent) / 100);
}

export interface StripeCustomerPaymentsDeps {
  /** The subscription adapter's client and deadline (one Stripe client per process). */
  call: StripeCall;
  publishableKey: string;
  /** STRIPE_APPLICATION_FEE_PERCENT. */
  applicationFeePercent: number;
  db: Database;
  clock: Clock;
}

export class StripeCustomerPayments implements CustomerPaymentGateway {
  readonly mode = 'stripe' as const;

  constructor(private readonly deps: StripeCustomerPaymentsDeps) {}

  private stored(companyId: string): Promise<PaymentAccountRow | null> {
    return this.deps.db.withTenant(companyId, (tx) => findPaymentAccount(tx, companyId));
  }

  /** Re-reads the company's account at Stripe and stores its flags; Stripe out of reach: the flags stored. */
  async account(companyId: string): Promise<CustomerPaymentAccount> {
    const row = await this.stored(companyId);
    if (!row) return { canTakePayments: false, accountId: null, detailsSubmitted: false };
    try {
      const refreshed = await this.refreshAccount(companyId, row.providerAccountId);
      if (refreshed) return refreshed;
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode !== 503) throw error;
    }
    return { canTakePayments: row.chargesEnabled, accountId: row.providerAccountId, detailsSubmitted: row.detailsSubmitted };
  }

  /** The account as Stripe has it now, its flags stored (null: it is not this company's account). */
  async refreshAccount(companyId: string, accountId: string): Promise<CustomerPaymentAccount | null> {
    if (!ACCOUNT_ID.test(accountId)) return null;
    const account = await this.deps.call((stripe) => stripe.accounts.retrieve(accountId));
    return this.storeFlags(companyId, account);
  }

  private async storeFlags(companyId: string, account: Stripe.Account): Promise<CustomerPaymentAccount | null> {
    const flags = { chargesEnabled: account.charges_enabled === true, detailsSubmitted: account.details_submitted === true, at: this.deps.clock() };
    const row = await this.deps.db.withTenant(companyId, (tx) => storeAccountFlags(tx, companyId, account.id, flags));
    if (!row) return null;
    return { canTakePayments: row.chargesEnabled, accountId: row.providerAccountId, detailsSubmitted: row.detailsSubmitted };
  }

  /**
   * A connected account's event (account.updated): the account re-read, its company read from its
   * metadata, its flags stored when it is that company's account. Answers the company, or null.
   */
  async refreshAccountOfEvent(accountId: string): Promise<string | null> {
    const account = await this.deps.call((stripe) => stripe.accounts.retrieve(accountId));
    const companyId = account.metadata?.companyId;
    if (!companyId || !UUID.test(companyId)) return null;
    return (await this.storeFlags(companyId.toLowerCase(), account)) ? companyId.toLowerCase() : null;
  }

  /** Whether `accountId` is the connected account kept for the company. */
  async isAccountOf(companyId: string, accountId: string): Promise<boolean> {
    return (await this.stored(companyId))?.providerAccountId === accountId;
  }

  /** A PaymentIntent of a connected account as Stripe has it now (latest charge expanded); null when unknown. */
  async peekIntent(accountId: string, paymentIntentId: string): Promise<Stripe.PaymentIntent | null> {
    if (!PAYMENT_INTENT_ID.test(paymentIntentId)) return null;
    return this.deps
      .call((stripe) => stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] }, { stripeAccount: accountId }))
      .catch((error: unknown) => {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      });
  }

  async onboardingLink(input: { companyId: string; companyName: string; email: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string }> {
    let row = await this.stored(input.companyId);
    if (!row) {
      /*
       * The account's controller settings are those of a Standard account: the company is the
       * merchant of record of its direct charges (its name on the statement, its refunds and
       * disputes, Stripe's fees paid from its balance: `fees.payer: account`, `losses: stripe`),
       * with Stripe's full Dashboard, and Stripe collects and verifies its details on its hosted
       * onboarding (`requirement_collection: stripe`): we keep no identity document. Stripe
       * recommends direct charges for exactly these accounts; an Express account would make us
       * liable for its losses and its customers' disputes. Created once per company (the key).
       */
      const created = await this.deps.call((stripe) =>
        stripe.accounts.create(
          {
            country: 'IT',
            email: input.email,
            default_currency: 'eur',
            business_profile: { name: input.companyName.slice(0, 200) },
            controller: {
              fees: { payer: 'account' },
              losses: { payments: 'stripe' },
              requirement_collection: 'stripe',
              stripe_dashboard: { type: 'full' },
            },
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            metadata: { companyId: input.companyId },
          },
          { idempotencyKey: `connect-account:${input.companyId}` },
        ),
      );
      row = await this.deps.db.withTenant(input.companyId, (tx) => insertPaymentAccount(tx, input.companyId, created.id, this.deps.clock()));
    }
    const accountId = row.providerAccountId;
    const link = await this.deps.call((stripe) =>
      stripe.accountLinks.create(
        {
          account: accountId,
          type: 'account_onboarding',
          return_url: input.returnUrl,
          refresh_url: input.refreshUrl,
          collection_options: { fields: 'eventually_due' },
        },
        { idempotencyKey: `account-link:${input.companyId}:${randomUUID()}` },
      ),
    );
    return { url: link.url };
  }

  async create(input: CreateCustomerPayment): Promise<CreatedCustomerPayment> {
    checkCreateInput(input);
    const account = await this.stored(input.companyId);
    if (!account || !account.chargesEnabled) throw new HttpError(409, IT_CUSTOMER_PAYMENTS.cannotTakePayments);
    const fee = applicationFee(input.amount, this.deps.applicationFeePercent);
    const metadata: CustomerPaymentMetadata = { purpose: input.purpose, reference: input.reference, companyId: input.companyId };
    const intent = await this.deps.call((stripe) =>
      stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: 'eur',
          automatic_payment_methods: { enabled: true },
          description: input.description,
          ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
          ...(fee > 0 ? { application_fee_amount: fee } : {}),
          metadata: { ...metadata },
        },
        { stripeAccount: account.providerAccountId, idempotencyKey: `customer-payment:${input.companyId}:${input.idempotencyKey}` },
      ),
    );
    if (!intent.client_secret) throw new Error(`Stripe answered PaymentIntent ${intent.id} without a client secret`);
    return {
      companyId: input.companyId,
      accountId: account.providerAccountId,
      paymentId: intent.id,
      clientSecret: intent.client_secret,
      publishableKey: this.deps.publishableKey,
      stripeAccount: account.providerAccountId,
    };
  }

  /** The PaymentIntent of `ref`, its latest charge expanded; 404 when it is not the company's. */
  async intentOf(ref: CustomerPaymentRef): Promise<Stripe.PaymentIntent> {
    const notFound = () => new HttpError(404, IT_CUSTOMER_PAYMENTS.paymentNotFound);
    const { accountId, paymentId } = ref;
    if (!accountId || !ACCOUNT_ID.test(accountId)) throw notFound();
    const intent = await this.peekIntent(accountId, paymentId);
    if (!intent) throw notFound();
    if (metadataOf(intent)?.companyId !== ref.companyId) throw notFound();
    return intent;
  }

  async retrieve(ref: CustomerPaymentRef): Promise<CustomerPaymentState> {
    return toCustomerPaymentState(await this.intentOf(ref));
  }

  async cancel(ref: CustomerPaymentRef): Promise<CustomerPaymentState> {
    const intent = await this.intentOf(ref);
    const cancelable = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture'];
    if (!cancelable.includes(intent.status)) return toCustomerPaymentState(intent);
    try {
      await this.deps.call((stripe) =>
        stripe.paymentIntents.cancel(
          intent.id,
          { cancellation_reason: 'abandoned' },
          { stripeAccount: ref.accountId!, idempotencyKey: `customer-payment-cancel:${intent.id}` },
        ),
      );
    } catch (error) {
      // Paid (or canceled) meanwhile: Stripe refuses the cancel; what is true is read below.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    }
    return this.retrieve(ref);
  }

  async refund(input: { ref: CustomerPaymentRef; amount?: number; idempotencyKey: string }): Promise<CustomerPaymentState> {
    checkKey(input.idempotencyKey);
    if (input.amount !== undefined && (!Number.isInteger(input.amount) || input.amount < 1))
      throw new HttpError(400, IT_CUSTOMER_PAYMENTS.refundInvalid, 'amount');
    const intent = await this.intentOf(input.ref);
    const state = toCustomerPaymentState(intent);
    if (state.status !== 'paid') throw new HttpError(409, IT_CUSTOMER_PAYMENTS.notRefundable);
    const key = `customer-refund:${input.ref.companyId}:${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 40)}`;
    try {
      await this.deps.call((stripe) =>
        stripe.refunds.create(
          { payment_intent: intent.id, ...(input.amount === undefined ? {} : { amount: input.amount }), refund_application_fee: true },
          { stripeAccount: input.ref.accountId!, idempotencyKey: key },
        ),
      );
    } catch (error) {
      // More than what is left to refund (Stripe checks it, whatever we read a moment ago).
      if (error instanceof Stripe.errors.StripeInvalidRequestError && (error.code === 'charge_already_refunded' || error.param === 'amount')) {
        throw new HttpError(409, IT_CUSTOMER_PAYMENTS.refundTooLarge, 'amount');
      }
      throw error;
    }
    return this.retrieve(input.ref);
  }
}

/** The Connect account of an event (`event.account`), checked. */
export function eventAccount(event: Stripe.Event): string | null {
  const account = (event as { account?: unknown }).account;
  return typeof account === 'string' && ACCOUNT_ID.test(account) ? account : null;
}
