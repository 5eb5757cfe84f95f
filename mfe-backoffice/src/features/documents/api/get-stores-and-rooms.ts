import { useQuery } from '@tanstack/react-query';
import { getCompanyConfigQueryOptions, getStoreConfigQueryOptions } from '@incontra/mfe-kit/public-config';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';

/*
 * The stores and their rooms come from the public config (under the shell's keys, shared with
 * the dashboard and the visitor): it lists every store of the company, also those an operator
 * does not serve — the documents call says so for those (404).
 */

export function useCompanyStores() {
  const { company } = useMfeProps();
  return useQuery(getCompanyConfigQueryOptions(company.id, window.location.origin));
}

export function useStoreRooms(storeId: string) {
  const { company } = useMfeProps();
  return useQuery(getStoreConfigQueryOptions(company.id, window.location.origin, storeId));
}
