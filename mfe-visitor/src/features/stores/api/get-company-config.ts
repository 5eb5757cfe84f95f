import { useQuery } from '@tanstack/react-query';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { getCompanyConfigQueryOptions } from '@incontra/mfe-kit/public-config';

export function useCompanyConfig({ enabled = true }: { enabled?: boolean } = {}) {
  const { company } = useMfeProps();
  return useQuery({ ...getCompanyConfigQueryOptions(company.id, window.location.origin), enabled });
}
