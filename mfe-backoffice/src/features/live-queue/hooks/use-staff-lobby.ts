import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { StaffLobby, type StaffLobbyState } from '../realtime/staff-lobby';

/**
 * The tab's one staff lobby line: a module-level instance shared by every user in the back office
 * (the live queue, the agenda, the badge, the dashboard), so that a tab holds one lobby socket
 * whatever the page. Tests provide a lobby of their own, on fake sockets.
 */
export const StaffLobbyContext = createContext(new StaffLobby());

export function useStaffLobby(): StaffLobby {
  return useContext(StaffLobbyContext);
}

/** Holds the tab's lobby line open while the component is mounted, and answers its status and who waits. */
export function useStaffLobbyState(): StaffLobbyState {
  const lobby = useStaffLobby();
  useEffect(() => lobby.join(), [lobby]);
  return useSyncExternalStore(lobby.subscribe, lobby.getState);
}
