import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkoutPreviewSchema, type CheckoutPreview } from '@incontra/contracts/api/subscription';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { billingKeys } from '../../../api/billing-keys';

/** POST /api/subscription/checkout-preview: what changing to `plan` costs, before it is made. A read, though a POST. */
export function getCheckoutPreview(plan: string, signal?: AbortSignal): Promise<CheckoutPreview> {
  return apiRequest('/api/subscription/checkout-preview', { method: 'POST', body: { plan }, schema: checkoutPreviewSchema, signal });
}

export function getCheckoutPreviewQueryOptions(companyId: string, plan: string) {
  return queryOptions({
    queryKey: [...billingKeys.all(companyId), 'preview', plan] as const,
    queryFn: ({ signal }) => getCheckoutPreview(plan, signal),
    // The figures depend on today's date and the card on file: asked again each time the dialog opens.
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Read while the dialog is open. */
export function useCheckoutPreview(plan: string, enabled: boolean) {
  const { company } = useMfeProps();
  return useQuery({ ...getCheckoutPreviewQueryOptions(company.id, plan), enabled });
}
