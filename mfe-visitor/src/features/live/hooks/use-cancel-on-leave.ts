import { useEffect, useRef } from 'react';
import { WAITING_STATUSES } from '@incontra/contracts/api/join-requests';
import { cancelJoinRequestOnLeave } from '../api/visitor-calls';
import type { LiveSession } from './live-flow-state';

/**
 * Leaving the page (or this remote) while still waiting withdraws the request, so staff never
 * answer somebody who has gone. Not after the approval: the visitor is on the way to the room.
 */
export function useCancelOnLeave(session: LiveSession | null): void {
  const latest = useRef(session);
  useEffect(() => {
    latest.current = session;
  });

  useEffect(() => {
    const leave = () => {
      const current = latest.current;
      if (current && WAITING_STATUSES.includes(current.request.status)) cancelJoinRequestOnLeave(current.credentials);
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, []);
}
