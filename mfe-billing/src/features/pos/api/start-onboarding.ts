import { useMutation } from '@tanstack/react-query';
import { paymentOnboardingSchema, type PaymentOnboarding } from '@incontra/contracts/api/customer-payments';
import { apiRequest } from '@incontra/contracts/http';

/** POST /api/payments/account/onboarding: Stripe's page where the company sets up its account (short-lived, opened at once). */
export function startOnboarding(): Promise<PaymentOnboarding> {
  return apiRequest('/api/payments/account/onboarding', { method: 'POST', schema: paymentOnboardingSchema });
}

/** Leaves for Stripe's page once it is known; nothing to refresh here (the account is read again on the way back). */
export function useStartOnboarding(leave: (url: string) => void) {
  return useMutation({ mutationFn: startOnboarding, onSuccess: ({ url }) => leave(url) });
}
