import { posCreatedSchema, type PosCreateBody, type PosCreated } from '@incontra/contracts/api/pos';
import { apiRequest } from '@incontra/contracts/http';
import { IT_POS_PAGES } from '@incontra/contracts/messages/it-pos-pages';
import { billingKeys } from '../../../api/billing-keys';
import { useBillingMutation } from '../../../api/use-billing-mutation';

/** POST /api/pos/create-payment: a new request, answered with its link, QR code and what became of its SMS (a 400 names the field it refuses). */
export function createPosPayment(body: PosCreateBody): Promise<PosCreated> {
  return apiRequest('/api/pos/create-payment', { method: 'POST', body, schema: posCreatedSchema });
}

export function useCreatePosPayment() {
  return useBillingMutation<PosCreateBody, PosCreated>({
    mutationFn: createPosPayment,
    success: IT_POS_PAGES.create.created,
    invalidate: (companyId) => [billingKeys.posPayments(companyId)],
  });
}
