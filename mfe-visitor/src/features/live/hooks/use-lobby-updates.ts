import { useEffect, useRef, useState } from 'react';
import type { VisitorCredentials, VisitorJoinRequest } from '@incontra/contracts/api/join-requests';
import { getJoinRequestStatus } from '../api/visitor-calls';
import { VisitorLobbyClient, type LobbyLinkMode } from '../realtime/visitor-lobby-client';

/**
 * The request's status, pushed by the lobby socket or polled without it, while `active`. Answers
 * how the news arrive, so that the page can say when it is only polling.
 */
export function useLobbyUpdates(
  credentials: VisitorCredentials | null,
  active: boolean,
  onStatus: (request: VisitorJoinRequest) => void,
  onGone: () => void,
): LobbyLinkMode {
  const [mode, setMode] = useState<LobbyLinkMode>('connecting');
  const onStatusRef = useRef(onStatus);
  const onGoneRef = useRef(onGone);
  useEffect(() => {
    onStatusRef.current = onStatus;
    onGoneRef.current = onGone;
  });

  useEffect(() => {
    if (!credentials || !active) return;
    setMode('connecting');
    const client = new VisitorLobbyClient({
      requestId: credentials.requestId,
      token: credentials.visitorToken,
      poll: () => getJoinRequestStatus(credentials),
      onStatus: (request) => onStatusRef.current(request),
      onMode: setMode,
      onGone: () => onGoneRef.current(),
    });
    client.start();
    return () => client.stop();
  }, [credentials, active]);

  return mode;
}
