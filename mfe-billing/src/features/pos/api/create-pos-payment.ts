import { posPaymentSchema, type PosCreateBody, type PosPayment } from '@incontra/contracts/api/pos';
import { apiRequest } from '@incontra/contracts/http';
import { IT_POS_PAGES } from '@incontra/contracts/messages/it-pos-pages';
import { billingKeys } from '../../../api/billing-keys';
import { useBillingMutation } from '../../../api/use-billing-mutation';

/** POST /api/pos/create-payment: a new request, answered with its link and QR code (a 400 names the field it refuses). */
export function createPosPayment(body: PosCreateBody): Promise<PosPayment> {
  return apiRequest('/api/pos/create-payment', { method: 'POST', body, schema: posPaymentSchema });
}

export function useCreatePosPayment() {
  return useBillingMutation<PosCreateBody, PosPayment>({
    mutationFn: createPosPayment,
    success: IT_POS_PAGES.create.created,
    invalidate: (companyId) => [billingKeys.posPayments(companyId)],
  });
}
