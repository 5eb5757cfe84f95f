import { paymentAnswerSchema, type PaymentAnswer } from '@incontra/contracts/api/subscription';
import { apiRequest } from '@incontra/contracts/http';

/** POST /api/subscription/payment {stripeToken}: the card just confirmed becomes the card on file. */
export function saveCard(stripeToken: string): Promise<PaymentAnswer> {
  return apiRequest('/api/subscription/payment', { method: 'POST', body: { stripeToken }, schema: paymentAnswerSchema });
}
