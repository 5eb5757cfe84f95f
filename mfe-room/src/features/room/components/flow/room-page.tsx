import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import type { JoinRoomResponse } from '@incontra/contracts/api/video-room';
import { PageLoader } from '@incontra/mfe-kit/page-loader';
import { kickParticipant } from '../../api/kick-participant';
import { chatFileUploader } from '../../api/upload-document';
import { RoomSessionProvider } from '../../hooks/use-room-session';
import type { LocalMediaController } from '../../media/local-media';
import { RoomSession, type RoomSessionApi } from '../../session/room-session';
import { useRoomSelector } from '../../store/hooks';
import { createRoomStore, type RoomStore } from '../../store/room-store';
import { selectConnectionError, selectConnectionStatus } from '../../store/selectors';
import type { RoomErrorKind } from '../notices/room-error-alert';
import { RoomView } from '../layout/room-view';

/** The session's calls; chat files go as this participant (a guest has no session cookie). */
function sessionApi(join: JoinRoomResponse): RoomSessionApi {
  return { kick: kickParticipant, uploadChatFile: chatFileUploader(join) };
}

interface RoomPageProps {
  join: JoinRoomResponse;
  media: LocalMediaController;
  /** The name chosen on the pre-join: what the others see in the state messages and the chat. */
  displayName: string;
  onEnded(error: RoomErrorKind | null): void;
}

/** Errors that end the visit at once, whatever the engine says next. */
const FINAL_ERRORS: ReadonlySet<RoomErrorKind> = new Set<RoomErrorKind>(['removed', 'room-full', 'join-failed', 'unsupported']);

/** Ends the page when the session is over without the user's choice (removed, lost, refused). */
function EndWatcher({ onEnded }: { onEnded(error: RoomErrorKind): void }) {
  const status = useRoomSelector(selectConnectionStatus);
  const error = useRoomSelector(selectConnectionError);
  useEffect(() => {
    if (error && (status === 'disconnected' || FINAL_ERRORS.has(error))) onEnded(error);
  }, [status, error, onEnded]);
  return null;
}

/**
 * One room visit: its own store and session, entered with the join answer; the session is
 * disposed (leaving the room, releasing the devices) when the page goes.
 */
export function RoomPage({ join, media, displayName, onEnded }: RoomPageProps) {
  const [store] = useState<RoomStore>(createRoomStore);
  const [session, setSession] = useState<RoomSession | null>(null);

  useEffect(() => {
    const created = new RoomSession({ store, media, api: sessionApi(join) });
    setSession(created);
    // A refusal lands in the store as a connection error: the watcher ends the page.
    created.enter({ ...join, displayName }).catch(() => undefined);
    // Closing the tab or navigating away leaves with a goodbye, so the others see it at once
    // instead of keeping a silent tile for the signalling's grace period.
    const leave = () => created.dispose();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      created.dispose();
    };
  }, [store, media, join, displayName]);

  if (!session) return <PageLoader minHeight="100dvh" />;
  const quit = () => {
    try {
      session.quit();
    } finally {
      onEnded(null);
    }
  };
  return (
    <Provider store={store}>
      <RoomSessionProvider session={session}>
        <EndWatcher onEnded={onEnded} />
        <RoomView onQuit={quit} />
      </RoomSessionProvider>
    </Provider>
  );
}
