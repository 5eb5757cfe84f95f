import { activityRetentionSchema, type ActivityRetention, type ActivityRetentionInput } from '@incontra/contracts/api/activity';
import { IT_ACTIVITY } from '@incontra/contracts/messages/it-activity';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useManagementMutation } from '../../../app/management/use-management-mutation';
import { activityKeys } from './activity-keys';

/** PUT /api/activity/retention: answers the setting as saved. */
export function updateActivityRetention(body: ActivityRetentionInput): Promise<ActivityRetention> {
  return apiRequest('/api/activity/retention', { method: 'PUT', body, schema: activityRetentionSchema });
}

/** Saves the retention with a toast; the form shows a failure itself (under the field, or in its confirmation). */
export function useUpdateActivityRetention() {
  const { company } = useMfeProps();
  return useManagementMutation({
    mutationFn: updateActivityRetention,
    invalidate: [activityKeys.all(company.id)],
    success: IT_ACTIVITY.retention.saved,
    notifyErrors: false,
  });
}
