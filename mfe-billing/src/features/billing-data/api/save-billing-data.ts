import { billingDataAnswerSchema, type BillingData, type BillingDataAnswer } from '@incontra/contracts/api/billing-data';
import { apiRequest } from '@incontra/contracts/http';
import { IT_BILLING_DATA } from '@incontra/contracts/messages/it-billing-data';
import { billingKeys } from '../../../api/billing-keys';
import { useBillingMutation } from '../../../api/use-billing-mutation';

/** POST /api/subscription/billing: the invoicing data, all of it (a 400 names the field it refuses). */
export function saveBillingData(body: BillingData): Promise<BillingDataAnswer> {
  return apiRequest('/api/subscription/billing', { method: 'POST', body, schema: billingDataAnswerSchema });
}

export function useSaveBillingData() {
  return useBillingMutation<BillingData, BillingDataAnswer>({
    mutationFn: saveBillingData,
    success: IT_BILLING_DATA.saved,
    invalidate: (companyId) => [billingKeys.billingData(companyId)],
  });
}
