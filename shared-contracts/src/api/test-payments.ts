import * as z from 'zod/mini';
import { IT_BILLING } from '../messages/it-billing';
import { IT_CUSTOMER_PAYMENTS } from '../messages/it-customer-payments';
import { moneySchema } from './subscription';

/*
 * The built-in test mode's card form (the default payment mode: nothing is charged). The form
 * sends the card to POST /api/payments/test/confirm with the client secret it was given; Stripe's
 * public test card numbers keep their meanings, every other well-formed number succeeds as a
 * generic test card. A card that asks for authentication is confirmed on our confirmation page:
 * GET and POST /api/payments/test/authentication/{token}.
 */

/** Stripe's public test cards this mode knows, by what they do. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  authentication: '4000002500003155',
} as const;

/** A card number as typed: digits, with spaces or dashes between groups. */
export const CARD_NUMBER_TYPED = /^[0-9][0-9 -]{10,22}[0-9]$/;

export const testCardBodySchema = z.object({
  clientSecret: z
    .string({ error: IT_BILLING.testMode.secretInvalid })
    .check(z.minLength(1, IT_BILLING.testMode.secretInvalid), z.maxLength(255, IT_BILLING.testMode.secretInvalid)),
  cardNumber: z.string({ error: IT_BILLING.testMode.cardNumberInvalid }).check(z.regex(CARD_NUMBER_TYPED, IT_BILLING.testMode.cardNumberInvalid)),
  /** "MM/AA", not in the past. */
  expiry: z.string({ error: IT_BILLING.testMode.expiryInvalid }).check(z.regex(/^(0[1-9]|1[0-2])\/[0-9]{2}$/, IT_BILLING.testMode.expiryInvalid)),
  cvc: z.string({ error: IT_BILLING.testMode.cvcInvalid }).check(z.regex(/^[0-9]{3,4}$/, IT_BILLING.testMode.cvcInvalid)),
});
export type TestCardBody = z.infer<typeof testCardBodySchema>;

/**
 * POST /api/payments/test/confirm: `succeeded` with the token to hand on (POST
 * /api/subscription/payment {stripeToken}), or `requires_action` with the confirmation page to
 * open first. A declined card is a 402 with its Italian message.
 */
export const testCardAnswerSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('succeeded'), token: z.string() }),
  z.object({ status: z.literal('requires_action'), token: z.string(), authenticationUrl: z.string() }),
]);
export type TestCardAnswer = z.infer<typeof testCardAnswerSchema>;

export const TEST_AUTHENTICATION_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** GET /api/payments/test/authentication/{token} (and the answer of its POST). */
export const testAuthenticationSchema = z.object({
  status: z.enum(TEST_AUTHENTICATION_STATUSES),
  /** Who asks: the product (a card for the subscription) or the company (a payment). */
  merchant: z.string(),
  last4: z.string(),
  /** The amount to authorise, null when a card is only being set up. */
  amount: z.nullable(moneySchema),
  /** Where the page leads once answered. */
  returnTo: z.string(),
});
export type TestAuthentication = z.infer<typeof testAuthenticationSchema>;

/** POST /api/payments/test/authentication/{token}: the cardholder approves or refuses. */
export const testAuthenticationBodySchema = z.object({ approve: z.boolean({ error: IT_BILLING.testMode.approveInvalid }) });
export type TestAuthenticationBody = z.infer<typeof testAuthenticationBodySchema>;

/*
 * A customer's payment to the company in the test mode (the point of sale, a paid appointment):
 * the customer's card form sends the card with the payment's client secret to
 * POST /api/payments/test/pay. 4242 pays; 0002 and 0341 are declined (402, nothing paid, another
 * card may be tried); 3155 asks for authentication on the customer's confirmation page
 * (/pagamento/autenticazione/{token}), which leads back to `returnTo` once answered.
 */

export const TEST_PAY_RETURN_TO_MAX = 500;

/** A path of the same site: starts with one '/', never '//' nor '/\' (another host to a browser). */
export const SAME_SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;

export const testPayBodySchema = z.object({
  ...testCardBodySchema.shape,
  /** Where the authentication page leads once answered: a path of the company's site. */
  returnTo: z
    .string({ error: IT_CUSTOMER_PAYMENTS.returnToInvalid })
    .check(z.maxLength(TEST_PAY_RETURN_TO_MAX, IT_CUSTOMER_PAYMENTS.returnToInvalid), z.regex(SAME_SITE_PATH, IT_CUSTOMER_PAYMENTS.returnToInvalid)),
});
export type TestPayBody = z.infer<typeof testPayBodySchema>;

/**
 * POST /api/payments/test/pay: `succeeded` (paid), or `requires_action` with the confirmation page
 * to open (the payment is paid once the customer approves there). A declined card is a 402 with
 * its Italian message; a payment already paid a 409.
 */
export const testPayAnswerSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('succeeded') }),
  z.object({ status: z.literal('requires_action'), token: z.string(), authenticationUrl: z.string() }),
]);
export type TestPayAnswer = z.infer<typeof testPayAnswerSchema>;
