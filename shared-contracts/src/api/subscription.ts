import * as z from 'zod/mini';
import { UNLIMITED } from '../constants';
import { IT_BILLING } from '../messages/it-billing';

export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Monthly price in euro cents. */
  price: z.int().check(z.nonnegative()),
  usersLimit: z.int(),
  /** -1 means unlimited. */
  rooms: z.int(),
  trialDays: z.int().check(z.nonnegative()),
});
export type Plan = z.infer<typeof planSchema>;

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Where money goes: `test` is the built-in test mode (the default: our own card form, Stripe's
 * public test card numbers with their meanings, nothing charged), `stripe` the real Stripe account
 * configured by STRIPE_SECRET_KEY.
 */
export const PAYMENT_MODES = ['test', 'stripe'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** An amount in euro cents: what it is before VAT, the VAT, and the sum. */
export const moneySchema = z.object({ net: z.int(), vat: z.int(), total: z.int() });
export type Money = z.infer<typeof moneySchema>;

export const subscriptionSchema = z.object({
  id: z.uuid(),
  plan: planSchema,
  nextPlan: z.nullable(planSchema),
  status: z.enum(SUBSCRIPTION_STATUSES),
  trialEndsAt: z.nullable(z.string()),
  currentPeriodEndsAt: z.nullable(z.string()),
  usage: z.object({ users: z.int(), rooms: z.int() }),
  /** Cancelled at the period's end (`currentPeriodEndsAt`); POST /cancel {undo: true} takes it back until then. */
  cancelAtPeriodEnd: z.boolean(),
  /** When a failed renewal (`past_due`) turns into `canceled` unless a payment goes through first. */
  graceEndsAt: z.nullable(z.string()),
  /**
   * The back office is open for billing only: a trial that ended without a card, or a subscription
   * cancelled. The visitor site then shows a notice instead of the live and booking actions.
   */
  billingOnly: z.boolean(),
  paymentMode: z.enum(PAYMENT_MODES),
  /** The VAT added to plan prices (which are net), in percent. */
  vatRate: z.int(),
  /** The plans on sale, cheapest first (trial plans are not sold). */
  plans: z.array(planSchema),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** The card on file, as the form and the page show it. */
export const cardSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.int(),
  expYear: z.int(),
});
export type Card = z.infer<typeof cardSchema>;

/** GET /api/subscription/payment (and the answer of its POST): the card on file, null before one is added. */
export const paymentAnswerSchema = z.object({ card: z.nullable(cardSchema) });
export type PaymentAnswer = z.infer<typeof paymentAnswerSchema>;

export const PAYMENT_TOKEN_MAX = 255;

/**
 * POST /api/subscription/payment: the card the card form has just set up becomes the card on file.
 * `stripeToken` is what the form's confirmation gave: a Stripe PaymentMethod id (`pm_…`), or in
 * test mode the token our own form's confirmation answered.
 */
export const paymentBodySchema = z.object({
  stripeToken: z
    .string({ error: IT_BILLING.cardTokenInvalid })
    .check(z.minLength(1, IT_BILLING.cardTokenInvalid), z.maxLength(PAYMENT_TOKEN_MAX, IT_BILLING.cardTokenInvalid)),
});
export type PaymentBody = z.infer<typeof paymentBodySchema>;

/**
 * GET /api/subscription/setup-intent: what the card form needs to set a card up. With Stripe, the
 * SetupIntent's client secret for the Payment Element and the publishable key; in test mode, the
 * secret our form sends back with the card (`publishableKey` null).
 */
export const setupIntentSchema = z.object({
  mode: z.enum(PAYMENT_MODES),
  clientSecret: z.string(),
  publishableKey: z.nullable(z.string()),
});
export type SetupIntent = z.infer<typeof setupIntentSchema>;

export const PLAN_ID_MAX = 64;

const planIdSchema = z
  .string({ error: IT_BILLING.planUnknown })
  .check(z.minLength(1, IT_BILLING.planUnknown), z.maxLength(PLAN_ID_MAX, IT_BILLING.planUnknown));

/** POST /api/subscription/checkout-preview: the plan wanted. */
export const checkoutPreviewBodySchema = z.object({ plan: planIdSchema });
export type CheckoutPreviewBody = z.infer<typeof checkoutPreviewBodySchema>;

/** How long a preview's proration date may be handed back to the checkout. */
export const PRORATION_DATE_MAX_AGE_MS = 15 * 60_000;

/**
 * POST /api/subscription/checkout: the plan wanted and, for an upgrade, the preview's
 * `prorationDate`, so that the change is charged exactly what the preview said (the same instant
 * of the period). An older one than PRORATION_DATE_MAX_AGE_MS, or one outside the period, is a 400:
 * preview again. Without it the change is prorated at the moment it is made.
 */
export const checkoutBodySchema = z.object({
  plan: planIdSchema,
  prorationDate: z.optional(z.iso.datetime({ offset: true, error: IT_BILLING.prorationDateInvalid })),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

/**
 * What a change of plan does: `start` (from a trial or a cancelled subscription: the new plan's
 * first period is charged now), `upgrade` (at once, the rest of the period charged pro rata),
 * `downgrade` (scheduled for the period's end, nothing charged now).
 */
export const PLAN_CHANGES = ['start', 'upgrade', 'downgrade'] as const;
export type PlanChange = (typeof PLAN_CHANGES)[number];

/** POST /api/subscription/checkout-preview: what the change costs, before it is made. */
export const checkoutPreviewSchema = z.object({
  plan: planSchema,
  change: z.enum(PLAN_CHANGES),
  /** Charged at once to the card on file (zero for a downgrade). */
  dueNow: moneySchema,
  /** What each period costs from the next renewal on. */
  nextPeriod: moneySchema,
  /** When the change takes effect: now, or the period's end for a downgrade. */
  effectiveAt: z.string(),
  /** The instant the figures are prorated at: hand it to the checkout to be charged the same. */
  prorationDate: z.string(),
  /** When the following period (charged `nextPeriod`) starts. */
  nextPeriodStartsAt: z.string(),
});
export type CheckoutPreview = z.infer<typeof checkoutPreviewSchema>;

/** POST /api/subscription/cancel: cancel at the period's end, or `undo: true` to take that back. */
export const cancelBodySchema = z.object({ undo: z.optional(z.boolean({ error: IT_BILLING.undoInvalid })) });
export type CancelBody = z.infer<typeof cancelBodySchema>;

export const INVOICE_STATUSES = ['paid', 'failed', 'refunded'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** One charge of the subscription: its receipt (PDF) once paid, its FatturaPA file once issued. */
export const invoiceSchema = z.object({
  id: z.uuid(),
  /** The receipt's number, e.g. "2026-000012". */
  number: z.string(),
  issuedAt: z.string(),
  description: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  amount: moneySchema,
  status: z.enum(INVOICE_STATUSES),
  /** Why a charge failed, in Italian (a declined card), null otherwise. */
  failureMessage: z.nullable(z.string()),
  paidAt: z.nullable(z.string()),
  /** Where the PDF receipt is downloaded (paid invoices only). */
  receiptUrl: z.nullable(z.string()),
  /** The FatturaPA XML of a paid invoice: its SdI file name and where to download it. */
  eInvoice: z.nullable(z.object({ fileName: z.string(), url: z.string() })),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** At most this many invoices are listed, newest first: ten years of monthly renewals. */
export const INVOICES_LISTED = 120;

/** GET /api/payments/company: the subscription's invoices and payments, newest first. */
export const companyPaymentsSchema = z.object({ invoices: z.array(invoiceSchema) });
export type CompanyPayments = z.infer<typeof companyPaymentsSchema>;

/** A plan is a trial when its identifier contains the word trial. */
export function isTrialPlan(plan: Pick<Plan, 'id'>): boolean {
  return plan.id.toLowerCase().includes('trial');
}

/** A downgrade is scheduled when the next plan is priced below the current one. */
export function hasScheduledDowngrade(subscription: Pick<Subscription, 'plan' | 'nextPlan'>): boolean {
  return subscription.nextPlan !== null && subscription.nextPlan.price < subscription.plan.price;
}

export function isUnlimited(limit: number): boolean {
  return limit === UNLIMITED;
}

/** A user may be added only while the current count is below the plan's usersLimit. */
export function canAddUser(plan: Pick<Plan, 'usersLimit'>, currentUsers: number): boolean {
  return isUnlimited(plan.usersLimit) || currentUsers < plan.usersLimit;
}

/** Rooms left, or null when unlimited. Zero or below means none left. */
export function roomsLeft(plan: Pick<Plan, 'rooms'>, currentRooms: number): number | null {
  return isUnlimited(plan.rooms) ? null : plan.rooms - currentRooms;
}

export function canCreateRoom(plan: Pick<Plan, 'rooms'>, currentRooms: number): boolean {
  const left = roomsLeft(plan, currentRooms);
  return left === null || left > 0;
}

/** Whole days from `now` until `endsAt`, never negative. */
export function daysLeft(endsAt: string | null, now: Date = new Date()): number {
  if (!endsAt) return 0;
  const ms = new Date(endsAt).getTime() - now.getTime();
  return Math.max(0, Math.ceil(ms / 86_400_000));
}
