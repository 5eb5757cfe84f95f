import { useCallback, useSyncExternalStore } from 'react';
import type { TrackName } from '@incontra/contracts/constants';
import { useRoomSession } from './use-room-session';

/** A participant's track by name, or null; re-renders when the room's track registry changes. */
export function useParticipantTrack(identity: string, name: TrackName): MediaStreamTrack | null {
  const { tracks } = useRoomSession();
  const subscribe = useCallback((listener: () => void) => tracks.subscribe(listener), [tracks]);
  const read = () => tracks.get(identity, name);
  return useSyncExternalStore(subscribe, read, read);
}
