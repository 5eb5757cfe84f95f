import { useEffect, useRef } from 'react';
import { useStaffLobby } from '../../live-queue/hooks/use-staff-lobby';
import type { StaffLobby } from '../../live-queue/realtime/staff-lobby';

/** While the socket is down, the agenda is read again this often instead. */
export const AGENDA_FALLBACK_INTERVAL_MS = 30_000;

/**
 * The agenda's use of the tab's staff lobby line (the realtime port): the server tells a staff
 * member's sockets `{ type: 'agenda', storeId }` when a reservation of a store they serve is
 * booked, moved, cancelled or changed, on any API process. Each `queue` (the welcome of a new
 * socket) means "anything may have changed meanwhile"; so does every fallback round while the
 * socket is down. `onChange(null)` then: read everything again. Answers how to stop listening.
 */
export function followAgendaChanges(lobby: StaffLobby, onChange: (storeId: string | null) => void): () => void {
  return lobby.join({
    onMessage: (message) => {
      if (message.type === 'queue') onChange(null);
      else if (message.type === 'agenda') onChange(message.storeId);
    },
    // The socket lost: read again at once, then every interval until it is back.
    fallback: {
      intervalMs: AGENDA_FALLBACK_INTERVAL_MS,
      poll: () => {
        onChange(null);
      },
    },
  });
}

/**
 * Calls `onChange` whenever a reservation of a store this staff member serves changes (the store's
 * id), or when anything may have changed while the line was down (null).
 */
export function useAgendaChanges(onChange: (storeId: string | null) => void): void {
  const lobby = useStaffLobby();
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => followAgendaChanges(lobby, (storeId) => latest.current(storeId)), [lobby]);
}
