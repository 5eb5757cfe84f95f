import type { PaymentMode } from '@incontra/contracts/api/subscription';

/*
 * The payment port of the company's own customers: what the point of sale and the paid
 * appointments ask of whoever moves their money. Unlike the subscription (the company pays us),
 * here the company is paid: with Stripe the charge is a direct charge on the company's connected
 * account (Connect, `stripeAccount`), with our application fee from configuration; in the built-in
 * test mode (the default) the payment is a row of our database, paid with Stripe's public test
 * cards on our own card form, their meanings kept (4242 pays, 0002 is declined, 3155 asks for
 * authentication on our confirmation page).
 *
 * Amounts are euro cents, VAT included (a price the customer reads is what they pay). Every create
 * call carries an idempotency key: the same key gives the same payment, whatever the retries.
 *
 * What the provider learns after the fact (a payment succeeded, failed, was refunded) reaches the
 * domain that asked for it as a `CustomerPaymentEvent` through the router (`purpose` names the
 * domain): Stripe's Connect webhooks and the test mode's confirmations alike. A handler never
 * trusts the event's order or count: it re-reads the payment (`retrieve`) and applies what is true
 * now, once (compare-and-set on its own row).
 */

/** Which domain a payment belongs to, and so which handler its events reach. */
export const CUSTOMER_PAYMENT_PURPOSES = ['pos', 'appointment'] as const;
export type CustomerPaymentPurpose = (typeof CUSTOMER_PAYMENT_PURPOSES)[number];

export type CustomerPaymentStatus = 'pending' | 'paid' | 'failed' | 'canceled';

/** A payment at the provider, and the company's account it was made on (null: the test mode). */
export interface CustomerPaymentRef {
  companyId: string;
  /** Stripe: the connected account (`acct_…`); the test mode: null. */
  accountId: string | null;
  /** Stripe: the PaymentIntent (`pi_…`); the test mode: our payment's id. */
  paymentId: string;
}

export interface CreateCustomerPayment {
  companyId: string;
  purpose: CustomerPaymentPurpose;
  /** The owning domain's id of what is paid (the POS request, the reservation). */
  reference: string;
  /** Euro cents, VAT included. */
  amount: number;
  /** What the customer's statement and receipt say. */
  description: string;
  receiptEmail: string | null;
  /** The same key gives the same payment (a retry never creates a second one). */
  idempotencyKey: string;
}

/** A payment created: its reference, and what the customer's card form needs to pay it. */
export interface CreatedCustomerPayment extends CustomerPaymentRef {
  clientSecret: string;
  publishableKey: string | null;
  /** Stripe.js's `stripeAccount` option for a direct charge (null in test mode). */
  stripeAccount: string | null;
}

/** A payment as the provider holds it now. */
export interface CustomerPaymentState {
  status: CustomerPaymentStatus;
  /** Euro cents received (0 unless paid). */
  amountReceived: number;
  /** Euro cents refunded so far. */
  amountRefunded: number;
  paidAt: Date | null;
  /** The card's last four digits once paid, when the provider says. */
  last4: string | null;
}

/** Whether the company can be paid, and how far its account's set-up is. */
export interface CustomerPaymentAccount {
  /** Test mode: always. Stripe: the connected account can take charges. */
  canTakePayments: boolean;
  /** Stripe: the connected account (`acct_…`) once created; null in test mode or before onboarding. */
  accountId: string | null;
  /** Stripe: the company sent its details to Stripe (onboarding finished, maybe still under review). */
  detailsSubmitted: boolean;
}

export interface CustomerPaymentGateway {
  readonly mode: PaymentMode;
  account(companyId: string): Promise<CustomerPaymentAccount>;
  /**
   * Stripe: the onboarding link of the company's connected account (the account is created the first
   * time, idempotent by company). The test mode has no account to set up: it throws HttpError 409.
   */
  onboardingLink(input: { companyId: string; companyName: string; email: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string }>;
  /** Creates the payment to be made by the customer's card form. HttpError 409 when the company cannot take payments. */
  create(input: CreateCustomerPayment): Promise<CreatedCustomerPayment>;
  /** The payment as the provider holds it now (the truth a handler applies). */
  retrieve(ref: CustomerPaymentRef): Promise<CustomerPaymentState>;
  /** Cancels an unpaid payment (a request cancelled or expired, a hold released); a paid one is left as it is. Idempotent. */
  cancel(ref: CustomerPaymentRef): Promise<CustomerPaymentState>;
  /** Refunds `amount` cents (all that is left when omitted), once per idempotency key. */
  refund(input: { ref: CustomerPaymentRef; amount?: number; idempotencyKey: string }): Promise<CustomerPaymentState>;
}

/** What the provider tells after the fact, each with an id unique at that provider. */
export interface CustomerPaymentEvent {
  kind: 'payment.succeeded' | 'payment.failed' | 'payment.refunded';
  id: string;
  purpose: CustomerPaymentPurpose;
  reference: string;
  ref: CustomerPaymentRef;
}

export type CustomerPaymentEventHandler = (event: CustomerPaymentEvent) => Promise<void>;

/**
 * Hands each event to its purpose's handler (registered by the owning domain's plugin when it
 * starts). An event of a purpose without a handler is logged and dropped: the domain re-reads the
 * provider when it next looks at the payment (its verify call, its sweep).
 */
export interface CustomerPaymentEvents {
  on(purpose: CustomerPaymentPurpose, handler: CustomerPaymentEventHandler): void;
  dispatch(event: CustomerPaymentEvent): Promise<void>;
}
