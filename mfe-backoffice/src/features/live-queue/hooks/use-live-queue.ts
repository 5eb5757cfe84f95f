import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { StaffJoinRequest } from '@incontra/contracts/api/join-requests';
import { LOBBY } from '@incontra/contracts/realtime/lobby';
import { queryKeys } from '@incontra/contracts/query-keys';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { isApiStatus } from '@incontra/mfe-kit/api-error';
import { getLiveQueueQueryOptions, liveQueueQueryKey } from '../api/get-live-queue';
import { LobbyClient } from '../realtime/lobby-client';
import { useStaffLobby } from './use-staff-lobby';

/** Without the socket, the list is asked for this often (as often as a waiting visitor asks for its status). */
export const FALLBACK_REFRESH_MS = LOBBY.pollIntervalMs;

export interface LiveQueueOptions {
  selfId: string;
  /** Requests that newly entered the queue after the first list. */
  onArrivals(requests: StaffJoinRequest[]): void;
}

/**
 * The live queue of the page: the tab's lobby line while it is up; while it is down (or not yet up),
 * GET /api/bo/join-requests every few seconds so that nothing is missed. The socket's list is
 * also written to the query cache, where the navigation reads how many visitors wait while the
 * socket is down.
 */
export function useLiveQueue({ selfId, onArrivals }: LiveQueueOptions) {
  const { company } = useMfeProps();
  const queryClient = useQueryClient();
  const lobby = useStaffLobby();
  const [client] = useState(() => new LobbyClient({ selfId, lobby }));
  const snapshot = useSyncExternalStore(client.subscribe, client.getSnapshot);

  const arrivalsRef = useRef(onArrivals);
  useEffect(() => {
    arrivalsRef.current = onArrivals;
  });
  useEffect(() => {
    const unsubscribe = client.onArrivals((requests) => arrivalsRef.current(requests));
    client.start();
    return () => {
      unsubscribe();
      client.stop();
    };
  }, [client]);

  const socketDown = snapshot.connection !== 'open';
  const fallback = useQuery({
    ...getLiveQueueQueryOptions(company.id),
    enabled: socketDown,
    // Signed out meanwhile (the socket was dismissed, the call answers 401): stop asking.
    refetchInterval: (query) => (socketDown && !isApiStatus(query.state.error, 401) ? FALLBACK_REFRESH_MS : false),
  });
  const signedOut = isApiStatus(fallback.error, 401);
  useEffect(() => {
    // The session is over: the user query, asked again, takes the page to the sign-in.
    if (signedOut) void queryClient.invalidateQueries({ queryKey: queryKeys.me(company.id) });
  }, [signedOut, queryClient, company.id]);
  const fallbackData = fallback.data;
  useEffect(() => {
    if (fallbackData) client.applyFallback(fallbackData.requests);
  }, [client, fallbackData]);

  useEffect(() => {
    if (snapshot.connection !== 'open') return;
    const requests = snapshot.entries.filter((entry) => !entry.taken).map((entry) => entry.request);
    // A fallback call still on its way would overwrite the socket's fresher list when it lands.
    void queryClient.cancelQueries({ queryKey: liveQueueQueryKey(company.id), exact: true });
    queryClient.setQueryData(liveQueueQueryKey(company.id), { requests });
  }, [queryClient, company.id, snapshot]);

  return {
    client,
    snapshot,
    /** Nothing to show yet and the fallback call failed. */
    loadFailed: !snapshot.loaded && fallback.isError,
    retry: () => void fallback.refetch(),
  };
}
