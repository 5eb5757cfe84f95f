import * as z from 'zod/mini';
import type { CheckoutPreview } from '@incontra/contracts/api/subscription';
import { apiRequest } from '@incontra/contracts/http';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { useBillingMutation } from '../../../api/use-billing-mutation';
import { formatDate } from '../../../utils/format';

/** POST /api/subscription/checkout {plan}: the change the preview showed. The answer is not read: every billing read is fetched again. */
export function checkout(plan: string): Promise<unknown> {
  return apiRequest('/api/subscription/checkout', { method: 'POST', body: { plan }, schema: z.unknown() });
}

const T = IT_BILLING_PAGES.preview;

export function useCheckout() {
  return useBillingMutation<CheckoutPreview>({
    mutationFn: (preview) => checkout(preview.plan.id),
    success: (_, preview) => (preview.change === 'downgrade' ? T.scheduled(preview.plan.name, formatDate(preview.effectiveAt)) : T.changed(preview.plan.name)),
  });
}
