import * as z from 'zod/mini';
import { PAYMENT_MODES } from './subscription';

/*
 * The company's account that receives its customers' payments (point of sale, paid
 * appointments), for the admins' page /admin/pagamenti. With Stripe it is a Connect account of
 * the company's own, set up on Stripe's onboarding pages; in the built-in test mode there is
 * nothing to set up and payments can always be taken.
 */

/** GET /api/payments/account */
export const paymentAccountSchema = z.object({
  paymentMode: z.enum(PAYMENT_MODES),
  /** Test mode: always. Stripe: the connected account can take charges. */
  canTakePayments: z.boolean(),
  /** Stripe: the connected account (`acct_…`) once created; null in test mode or before onboarding. */
  accountId: z.nullable(z.string()),
  /** Stripe: the company sent its details (onboarding finished, maybe still under review). */
  detailsSubmitted: z.boolean(),
});
export type PaymentAccount = z.infer<typeof paymentAccountSchema>;

/**
 * POST /api/payments/account/onboarding (no body): Stripe's onboarding page of the company's
 * account, to open at once (the link is short-lived and used once). 409 in test mode.
 */
export const paymentOnboardingSchema = z.object({ url: z.string() });
export type PaymentOnboarding = z.infer<typeof paymentOnboardingSchema>;
