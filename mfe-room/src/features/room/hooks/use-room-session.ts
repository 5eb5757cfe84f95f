import { createContext, createElement, useContext, type ReactNode } from 'react';
import type { RoomSession } from '../session/room-session';

const RoomSessionContext = createContext<RoomSession | null>(null);

/** Gives the room page's session to the controls, tiles and panels below it. */
export function RoomSessionProvider({ session, children }: { session: RoomSession; children?: ReactNode }) {
  return createElement(RoomSessionContext.Provider, { value: session }, children);
}

export function useRoomSession(): RoomSession {
  const session = useContext(RoomSessionContext);
  if (!session) throw new Error('useRoomSession must be used inside RoomSessionProvider');
  return session;
}
