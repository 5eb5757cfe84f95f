import * as z from 'zod/mini';
import { PAYMENT_MODES } from './subscription';
import { listPageShape, listQueryShape } from './list-page';
import { calendarDateSchema, idParam } from './common';
import { IT_POS } from '../messages/it-pos';

/*
 * The point of sale: a staff member asks a customer for an amount (at the counter, in a video
 * call) and the customer pays it on a page of the company's site, by the link or its QR code.
 * The meaning of each `/api/pos/*` call is in api/README.md ("Point of sale").
 */

/** Euro cents a request may ask: Stripe's minimum charge in euro, and a ceiling for a counter. */
export const POS_AMOUNT_CENTS = { min: 50, max: 1_000_000 } as const;
export const POS_DESCRIPTION_MAX = 200;
/** An unpaid request expires after this many hours (company setting, default 24). */
export const POS_EXPIRY_HOURS = { min: 1, max: 168, default: 24 } as const;
/** The capability in a payment link: url-safe base64, this long at most. */
export const POS_TOKEN_MAX = 64;

export const POS_STATUSES = ['requested', 'paid', 'cancelled', 'expired'] as const;
export type PosStatus = (typeof POS_STATUSES)[number];

export const posIdParams = z.object({ id: idParam(IT_POS.notFound) });

/** POST /api/pos/create-payment. `roomId`: the video room of the call the request is made in. */
export const posCreateBodySchema = z.object({
  storeId: z.uuid({ error: IT_POS.storeRequired }),
  amount: z.int({ error: IT_POS.amountInvalid }).check(z.gte(POS_AMOUNT_CENTS.min, IT_POS.amountInvalid), z.lte(POS_AMOUNT_CENTS.max, IT_POS.amountInvalid)),
  description: z
    .string({ error: IT_POS.descriptionRequired })
    .check(z.trim(), z.minLength(1, IT_POS.descriptionRequired), z.maxLength(POS_DESCRIPTION_MAX, IT_POS.descriptionTooLong)),
  email: z.optional(z.nullable(z.email({ error: IT_POS.emailInvalid }).check(z.maxLength(254, IT_POS.emailInvalid)))),
  phone: z.optional(z.nullable(z.string({ error: IT_POS.phoneInvalid }).check(z.trim(), z.regex(/^\+?[0-9 ]{6,20}$/, IT_POS.phoneInvalid)))),
  roomId: z.optional(z.nullable(z.uuid({ error: IT_POS.roomInvalid }))),
});
export type PosCreateBody = z.infer<typeof posCreateBodySchema>;

/** GET /api/pos/create: what the request form needs. */
export const posCreateFormSchema = z.object({
  stores: z.array(z.object({ id: z.uuid(), name: z.string() })),
  paymentMode: z.enum(PAYMENT_MODES),
  /** Test mode: always. Stripe: once the company's connected account can take charges. */
  canTakePayments: z.boolean(),
  expiryHours: z.int(),
});
export type PosCreateForm = z.infer<typeof posCreateFormSchema>;

/** A request as staff see it (list, detail, after create, cancel and verify). */
export const posPaymentSchema = z.object({
  id: z.uuid(),
  /** Null once the store was deleted: the request stays, under the store's name as it was. */
  storeId: z.nullable(z.uuid()),
  storeName: z.string(),
  amount: z.int(),
  description: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  status: z.enum(POS_STATUSES),
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.nullable(z.string()),
  cancelledAt: z.nullable(z.string()),
  createdBy: z.nullable(z.string()),
  /** The customer's page, on the company's site: absolute URL with the token. */
  link: z.string(),
  /** The link's QR code, a PNG data URL (detail and create only; null in lists). */
  qrCode: z.nullable(z.string()),
  /** The card's last four digits once paid (null otherwise). */
  last4: z.nullable(z.string()),
});
export type PosPayment = z.infer<typeof posPaymentSchema>;

/**
 * POST /api/pos/create-payment's answer: the request, and what became of its SMS when a phone was
 * given (null: none given). 'queued': written to the SMS outbox, sent once the request committed;
 * 'refused': not sent (not a mobile number, a country the company does not serve, a daily SMS
 * limit), `message` saying why in Italian; the request is made all the same.
 */
export const POS_SMS_STATUSES = ['queued', 'refused'] as const;
export const posCreatedSchema = z.extend(posPaymentSchema, {
  sms: z.nullable(z.object({ status: z.enum(POS_SMS_STATUSES), message: z.nullable(z.string()) })),
});
export type PosCreated = z.infer<typeof posCreatedSchema>;

export const POS_SORT_KEYS = ['createdAt', 'amount', 'status'] as const;

/** GET /api/pos/payment: list filters (`format=csv` answers the same rows as text/csv, every page). */
export const posListQuerySchema = z.object({
  ...listQueryShape(POS_SORT_KEYS),
  storeId: z.optional(z.uuid({ error: IT_POS.storeInvalid })),
  status: z.optional(z.enum(POS_STATUSES, { error: IT_POS.statusInvalid })),
  from: z.optional(calendarDateSchema(IT_POS.dateInvalid)),
  to: z.optional(calendarDateSchema(IT_POS.dateInvalid)),
  format: z.optional(z.enum(['json', 'csv'], { error: IT_POS.formatInvalid })),
});
export type PosListQuery = z.infer<typeof posListQuerySchema>;

/** What was paid on one day (the company's zone) in one store. */
export const posDailyTotalSchema = z.object({ date: z.string(), storeId: z.nullable(z.uuid()), storeName: z.string(), count: z.int(), amount: z.int() });
export type PosDailyTotal = z.infer<typeof posDailyTotalSchema>;

export const posListSchema = z.object({
  ...listPageShape(posPaymentSchema),
  /** Paid requests of the filtered range, by day and store, newest day first. */
  dailyTotals: z.array(posDailyTotalSchema),
});
export type PosList = z.infer<typeof posListSchema>;

/** GET /api/pos/request?token= and GET /api/pos/verify/?token=: the request as its customer sees it. */
export const posRequestQuerySchema = z.object({
  token: z.string({ error: IT_POS.linkInvalid }).check(z.minLength(1, IT_POS.linkInvalid), z.maxLength(POS_TOKEN_MAX, IT_POS.linkInvalid)),
  /** Stripe's redirect after an authentication adds it; ignored otherwise (the provider is re-read). */
  payment_intent: z.optional(z.string().check(z.maxLength(255))),
  payment_intent_client_secret: z.optional(z.string().check(z.maxLength(255))),
  redirect_status: z.optional(z.string().check(z.maxLength(40))),
});

export const posCustomerPaymentSchema = z.object({
  /** The payment form's capability (Stripe's PaymentIntent client secret, or the test mode's). */
  clientSecret: z.string(),
  publishableKey: z.nullable(z.string()),
  /** Stripe Connect: the company's account the charge is made on (direct charge). */
  stripeAccount: z.nullable(z.string()),
});

export const posRequestViewSchema = z.object({
  companyName: z.string(),
  storeName: z.string(),
  amount: z.int(),
  description: z.string(),
  status: z.enum(POS_STATUSES),
  expiresAt: z.string(),
  paidAt: z.nullable(z.string()),
  paymentMode: z.enum(PAYMENT_MODES),
  /** What the card form needs, while the request can be paid; null otherwise. */
  payment: z.nullable(posCustomerPaymentSchema),
});
export type PosRequestView = z.infer<typeof posRequestViewSchema>;

/** Unpaid requests a company may have open at once: past it a new one is refused (422), so nobody can flood. */
export const POS_OPEN_REQUESTS_MAX = 500;
/** Rows of one CSV export at most (the newest first): past it the file says so in its last line. */
export const POS_CSV_ROWS_MAX = 10_000;
/** Day-and-store lines of the daily totals at most (the newest days first). */
export const POS_DAILY_TOTALS_MAX = 400;

/** GET and PUT /api/pos/settings: the company's point-of-sale setting (none stored = the defaults). */
export const posSettingsSchema = z.object({ expiryHours: z.int() });
export type PosSettings = z.infer<typeof posSettingsSchema>;

export const posSettingsBodySchema = z.object({
  expiryHours: z
    .int({ error: IT_POS.expiryInvalid })
    .check(z.gte(POS_EXPIRY_HOURS.min, IT_POS.expiryInvalid), z.lte(POS_EXPIRY_HOURS.max, IT_POS.expiryInvalid)),
});
