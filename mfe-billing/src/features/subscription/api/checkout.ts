import * as z from 'zod/mini';
import type { CheckoutBody, CheckoutPreview } from '@incontra/contracts/api/subscription';
import { apiRequest } from '@incontra/contracts/http';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { useBillingMutation } from '../../../api/use-billing-mutation';
import { useCompanyDates } from '../../../utils/use-company-dates';

/**
 * POST /api/subscription/checkout: the change the preview showed. An upgrade hands back the
 * preview's proration date, so it is charged exactly the figures shown. The answer is not read:
 * every billing read is fetched again.
 */
export function checkout(preview: CheckoutPreview): Promise<unknown> {
  const body: CheckoutBody = preview.change === 'upgrade' ? { plan: preview.plan.id, prorationDate: preview.prorationDate } : { plan: preview.plan.id };
  return apiRequest('/api/subscription/checkout', { method: 'POST', body, schema: z.unknown() });
}

const T = IT_BILLING_PAGES.preview;

export function useCheckout() {
  const dates = useCompanyDates();
  return useBillingMutation<CheckoutPreview>({
    mutationFn: checkout,
    success: (_, preview) => (preview.change === 'downgrade' ? T.scheduled(preview.plan.name, dates.long(preview.effectiveAt)) : T.changed(preview.plan.name)),
  });
}
