import * as z from 'zod/mini';
import { apiRequest } from '@incontra/contracts/http';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { useBillingMutation } from '../../../api/use-billing-mutation';

/** POST /api/subscription/cancel: cancel at the period's end, or take that back (`undo`). */
export function cancelSubscription(undo: boolean): Promise<unknown> {
  return apiRequest('/api/subscription/cancel', { method: 'POST', body: undo ? { undo: true } : {}, schema: z.unknown() });
}

export function useCancelSubscription() {
  return useBillingMutation<boolean>({
    mutationFn: cancelSubscription,
    success: (_, undo) => (undo ? IT_BILLING_PAGES.cancel.undone : IT_BILLING_PAGES.cancel.done),
  });
}
