import Stripe from 'stripe';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { HttpError } from '../../http/http-error';

const TEXTS = IT_BILLING.stripe;

/**
 * Stripe's decline codes (and the card error codes that stand for one) that the admin can act on,
 * each with its Italian sentence. Codes that reveal a suspicion (lost, stolen, fraudulent card) get
 * the generic refusal on purpose, as Stripe advises.
 */
const BY_CODE: Record<string, string> = {
  insufficient_funds: TEXTS.insufficientFunds,
  expired_card: TEXTS.expiredCard,
  incorrect_cvc: TEXTS.incorrectCvc,
  invalid_cvc: TEXTS.incorrectCvc,
  incorrect_number: TEXTS.incorrectNumber,
  invalid_number: TEXTS.incorrectNumber,
  processing_error: TEXTS.processingError,
  authentication_required: TEXTS.authenticationRequired,
  subscription_payment_intent_requires_action: TEXTS.authenticationRequired,
  try_again_later: TEXTS.tryAgainLater,
  approve_with_id: TEXTS.tryAgainLater,
  issuer_not_available: TEXTS.tryAgainLater,
};

/** The Italian sentence for a declined card: the issuer's reason first, then Stripe's code. */
export function declineMessage(error: { code?: string | undefined; decline_code?: string | undefined }): string {
  return BY_CODE[error.decline_code ?? ''] ?? BY_CODE[error.code ?? ''] ?? TEXTS.cardDeclined;
}

/**
 * A charge refused because of the card or its absence (the caller answers `declined`): a card
 * error, or a subscription that could not be paid without the customer's action.
 */
export function declinedMessageOf(error: unknown): string | null {
  if (error instanceof Stripe.errors.StripeCardError) return declineMessage(error);
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    if (error.code === 'subscription_payment_intent_requires_action') return TEXTS.authenticationRequired;
    // "This customer has no attached payment source or default payment method."
    if (error.code === 'resource_missing' && error.param === 'default_payment_method') return TEXTS.noCard;
    if (error.code === 'payment_method_not_available' || error.code === 'card_decline_rate_limit_exceeded') return TEXTS.tryAgainLater;
  }
  return null;
}

/** The answer for a Stripe that did not answer in time or could not be reached: 503, in Italian. */
export function unavailable(): HttpError {
  return new HttpError(503, TEXTS.unavailable);
}

/**
 * Stripe's own refusals pass through unchanged (a wrong key or price is a defect of the
 * configuration, reported as such); a connection that failed or a Stripe down is the 503 above.
 */
export function translateFailure(error: unknown): unknown {
  if (error instanceof Stripe.errors.StripeConnectionError) return unavailable();
  if (error instanceof Stripe.errors.StripeAPIError && (error.statusCode ?? 500) >= 500) return unavailable();
  if (error instanceof Stripe.errors.StripeRateLimitError) return unavailable();
  return error;
}

/**
 * `call` within `ms`, retries included: stripe-node's own timeout bounds one attempt, this bounds
 * the whole. A call abandoned here may still land at Stripe: every write carries an idempotency
 * key, so trying it again with the same key gives the same result instead of a second charge.
 */
export async function withinDeadline<T>(ms: number, call: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(unavailable()), ms);
  });
  try {
    return await Promise.race([call(), deadline]);
  } catch (error) {
    throw translateFailure(error);
  } finally {
    clearTimeout(timer);
  }
}
