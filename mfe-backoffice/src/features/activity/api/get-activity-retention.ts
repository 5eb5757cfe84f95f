import { queryOptions, useQuery } from '@tanstack/react-query';
import { activityRetentionSchema, type ActivityRetention } from '@incontra/contracts/api/activity';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { activityKeys } from './activity-keys';

/** GET /api/activity/retention: the company's choice, and what each choice would delete now. */
export function getActivityRetention(signal?: AbortSignal): Promise<ActivityRetention> {
  return apiRequest('/api/activity/retention', { schema: activityRetentionSchema, signal });
}

export function getActivityRetentionQueryOptions(companyId: string) {
  return queryOptions({ queryKey: activityKeys.retention(companyId), queryFn: ({ signal }) => getActivityRetention(signal) });
}

export function useActivityRetention() {
  const { company } = useMfeProps();
  return useQuery(getActivityRetentionQueryOptions(company.id));
}
