import { queryOptions, useQuery } from '@tanstack/react-query';
import { posSettingsSchema, type PosSettings } from '@incontra/contracts/api/pos';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { billingKeys } from '../../../api/billing-keys';
import { retryTransient } from '../../../api/retry-transient';

/** GET /api/pos/settings: how many hours an unpaid request stays payable (admins). */
export function getPosSettings(signal?: AbortSignal): Promise<PosSettings> {
  return apiRequest('/api/pos/settings', { schema: posSettingsSchema, signal });
}

export function getPosSettingsQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: billingKeys.posSettings(companyId),
    queryFn: ({ signal }) => getPosSettings(signal),
    refetchOnWindowFocus: false,
    retry: retryTransient,
  });
}

export function usePosSettings() {
  const { company } = useMfeProps();
  return useQuery(getPosSettingsQueryOptions(company.id));
}
