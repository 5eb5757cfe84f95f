import { posPaymentSchema, type PosPayment } from '@incontra/contracts/api/pos';
import { apiRequest } from '@incontra/contracts/http';
import { IT_POS_PAGES } from '@incontra/contracts/messages/it-pos-pages';
import { billingKeys } from '../../../api/billing-keys';
import { useBillingMutation } from '../../../api/use-billing-mutation';

/**
 * GET /api/pos/payment/{id}/verify: the request's status asked of the payment provider again (a
 * payment the provider took but whose notice has not arrived becomes «Pagato»). It may change the
 * request, so it carries the CSRF header as the cancellation does.
 */
export function verifyPosPayment(id: string): Promise<PosPayment> {
  return apiRequest(`/api/pos/payment/${encodeURIComponent(id)}/verify`, { schema: posPaymentSchema, csrf: true });
}

export function useVerifyPosPayment() {
  return useBillingMutation<string, PosPayment>({
    mutationFn: verifyPosPayment,
    success: (payment) => IT_POS_PAGES.actions.verified(IT_POS_PAGES.statuses[payment.status]),
    invalidate: (companyId) => [billingKeys.posPayments(companyId)],
  });
}
