import { useQuery } from '@tanstack/react-query';
import { getCompanyConfigQueryOptions, getStoreConfigQueryOptions } from '@incontra/mfe-kit/public-config';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';

/*
 * The public config (GET /api/config/company, GET /api/config/store/{id}) as the back office
 * reads it: the kit's queryOptions, under the shell's keys, so one answer serves the visitor
 * remote, the dashboard, the documents, the translations and the walls alike. It lists every
 * store of the company, also those an operator does not serve (their own calls then say so).
 * A store's write invalidates the company's config; a store's config lives under the stores.
 */

/** The company with its stores (and their walls). */
export function useCompanyConfig() {
  const { company } = useMfeProps();
  return useQuery(getCompanyConfigQueryOptions(company.id, window.location.origin));
}

/** A store with its rooms. */
export function useStoreConfig(storeId: string) {
  const { company } = useMfeProps();
  return useQuery(getStoreConfigQueryOptions(company.id, window.location.origin, storeId));
}
