import { queryOptions, useQuery } from '@tanstack/react-query';
import { webinarReplaySchema, type WebinarReplay } from '@incontra/contracts/api/webinar-replays';
import { apiRequest } from '@incontra/contracts/http';
import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useManagementMutation } from '../../../app/management/use-management-mutation';
import { webinarKeys } from './webinar-keys';

/** GET /api/webinar/{id}/replay: the replay's status and, ready, its signed links. */
export function getWebinarReplay(id: string, signal?: AbortSignal): Promise<WebinarReplay> {
  return apiRequest(`/api/webinar/${encodeURIComponent(id)}/replay`, { schema: webinarReplaySchema, signal });
}

/** While the replay is being made, asked again now and then until it is ready or failed. */
export const REPLAY_POLL_MS = 10_000;

export function useWebinarReplay(id: string, enabled: boolean) {
  const { company } = useMfeProps();
  return useQuery(
    queryOptions({
      queryKey: webinarKeys.replay(company.id, id),
      queryFn: ({ signal }) => getWebinarReplay(id, signal),
      enabled,
      refetchInterval: (query) => (query.state.data?.status === 'processing' ? REPLAY_POLL_MS : false),
    }),
  );
}

/** DELETE /api/webinar/{id}/replay: the company removes the replay (its links stop working). */
export function deleteWebinarReplay(id: string): Promise<WebinarReplay> {
  return apiRequest(`/api/webinar/${encodeURIComponent(id)}/replay`, { method: 'DELETE', schema: webinarReplaySchema });
}

export function useDeleteWebinarReplay(id: string) {
  const { company } = useMfeProps();
  return useManagementMutation({
    mutationFn: () => deleteWebinarReplay(id),
    invalidate: [webinarKeys.replay(company.id, id)],
    success: () => IT_WEBINAR_BACKOFFICE.replay.deleted,
    notifyErrors: false,
  });
}
