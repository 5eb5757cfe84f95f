import {
  LOBBY,
  LOBBY_CLOSE,
  LOBBY_RECONNECT_BACKOFF,
  serverLobbyMessageSchema,
  type ClientLobbyMessage,
  type ServerLobbyMessage,
} from '@incontra/contracts/realtime/lobby';
import { hasStaffLine, offerStaffLine } from '@incontra/contracts/realtime/staff-line';
import { SharedSocketLink } from '@incontra/mfe-kit/realtime/shared-socket-link';
import type { SocketLike } from '@incontra/mfe-kit/realtime/socket-link';
import { useEffect } from 'react';

export interface StaffLobbyLineOptions {
  origin?: string;
  createSocket?: (url: string) => SocketLike;
}

/**
 * The staff lobby socket as the kit's shared link, with the lobby's options (as the back office's
 * StaffLobby has them): up once the queue comes, pinged, never retried after the server refused.
 * It opens only when a first user joins and closes with the last.
 */
export function createStaffLobbyLine({ origin, createSocket }: StaffLobbyLineOptions = {}): SharedSocketLink<ServerLobbyMessage, ClientLobbyMessage> {
  const line: SharedSocketLink<ServerLobbyMessage, ClientLobbyMessage> = new SharedSocketLink<ServerLobbyMessage, ClientLobbyMessage>({
    path: LOBBY.path,
    origin,
    createSocket,
    schema: serverLobbyMessageSchema,
    hello: { type: 'hello', role: 'staff' },
    openTimeoutMs: LOBBY.helloTimeoutMs * 2,
    welcome: { is: (message) => message.type === 'queue' },
    heartbeat: { intervalMs: LOBBY.heartbeatIntervalMs, silenceLimitMs: LOBBY.heartbeatIntervalMs * 3, ping: { type: 'ping' } },
    backoff: LOBBY_RECONNECT_BACKOFF,
    finalCloseCodes: [LOBBY_CLOSE.unauthorized, LOBBY_CLOSE.tooManyConnections],
    onMessage: (message) => {
      if (message.type === 'bye') {
        if (message.reason === 'unauthorized') line.refuse();
        else line.drop();
      }
    },
  });
  return line;
}

/**
 * In a call, staff's payment cards hear the staff lobby socket through the page's one line. The
 * room remote is alone on its page (the back office, which holds the line elsewhere, is not
 * mounted there): while `offer` is true and nobody else offers one, the room offers its own.
 */
export function useStaffLineInRoom(offer: boolean, options?: StaffLobbyLineOptions): void {
  useEffect(() => {
    if (!offer || hasStaffLine()) return undefined;
    // Offered, the line costs nothing: its socket opens with the first card that joins it.
    return offerStaffLine(createStaffLobbyLine(options));
    // The options are the tests' socket factory, fixed for a page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [offer]);
}
