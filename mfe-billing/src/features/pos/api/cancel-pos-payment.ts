import { posPaymentSchema, type PosPayment } from '@incontra/contracts/api/pos';
import { apiRequest } from '@incontra/contracts/http';
import { IT_POS_PAGES } from '@incontra/contracts/messages/it-pos-pages';
import { billingKeys } from '../../../api/billing-keys';
import { useBillingMutation } from '../../../api/use-billing-mutation';

/**
 * GET /api/pos/payment/{id}/cancel: an unpaid request cancelled. A GET that changes state, so the
 * API checks its CSRF header as a POST's: the request sends it.
 */
export function cancelPosPayment(id: string): Promise<PosPayment> {
  return apiRequest(`/api/pos/payment/${encodeURIComponent(id)}/cancel`, { schema: posPaymentSchema, csrf: true });
}

export function useCancelPosPayment() {
  return useBillingMutation<string, PosPayment>({
    mutationFn: cancelPosPayment,
    success: IT_POS_PAGES.cancel.done,
    invalidate: (companyId) => [billingKeys.posPayments(companyId)],
  });
}
