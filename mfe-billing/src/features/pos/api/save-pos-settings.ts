import { posSettingsSchema, type PosSettings } from '@incontra/contracts/api/pos';
import { apiRequest } from '@incontra/contracts/http';
import { IT_POS_PAGES } from '@incontra/contracts/messages/it-pos-pages';
import { billingKeys } from '../../../api/billing-keys';
import { useBillingMutation } from '../../../api/use-billing-mutation';

/** PUT /api/pos/settings: the expiry of new requests (a 400 names `expiryHours`). */
export function savePosSettings(body: PosSettings): Promise<PosSettings> {
  return apiRequest('/api/pos/settings', { method: 'PUT', body, schema: posSettingsSchema });
}

export function useSavePosSettings() {
  return useBillingMutation<PosSettings, PosSettings>({
    mutationFn: savePosSettings,
    success: IT_POS_PAGES.expiry.saved,
    // The request form says the expiry too.
    invalidate: (companyId) => [billingKeys.posSettings(companyId), billingKeys.posForm(companyId)],
  });
}
