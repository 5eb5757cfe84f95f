import * as z from 'zod/mini';
import type { CheckoutPreview } from '@incontra/contracts/api/subscription';
import { apiRequest } from '@incontra/contracts/http';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { useBillingMutation } from '../../../api/use-billing-mutation';
import { useCompanyDates } from '../../../utils/use-company-dates';

/** POST /api/subscription/checkout {plan}: the change the preview showed. The answer is not read: every billing read is fetched again. */
export function checkout(plan: string): Promise<unknown> {
  return apiRequest('/api/subscription/checkout', { method: 'POST', body: { plan }, schema: z.unknown() });
}

const T = IT_BILLING_PAGES.preview;

export function useCheckout() {
  const dates = useCompanyDates();
  return useBillingMutation<CheckoutPreview>({
    mutationFn: (preview) => checkout(preview.plan.id),
    success: (_, preview) => (preview.change === 'downgrade' ? T.scheduled(preview.plan.name, dates.long(preview.effectiveAt)) : T.changed(preview.plan.name)),
  });
}
