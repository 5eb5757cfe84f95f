import { useEffect, useRef } from 'react';
import {
  LOBBY,
  LOBBY_CLOSE,
  LOBBY_RECONNECT_BACKOFF,
  serverLobbyMessageSchema,
  type ClientLobbyMessage,
  type ServerLobbyMessage,
} from '@incontra/contracts/realtime/lobby';
import { SocketLink, type SocketLike } from '@incontra/mfe-kit/realtime/socket-link';

/** While the socket is down, the agenda is read again this often instead. */
export const AGENDA_FALLBACK_INTERVAL_MS = 30_000;

export interface AgendaLinkOptions {
  onChange(storeId: string | null): void;
  origin?: string;
  createSocket?: (url: string) => SocketLike;
}

/**
 * The agenda's line to the staff lobby socket (the realtime port): the server tells a staff
 * member's sockets `{ type: 'agenda', storeId }` when a reservation of a store they serve is
 * booked, moved, cancelled or changed, on any API process. Each `queue` (the welcome of a new
 * socket) means "anything may have changed meanwhile"; so does every fallback round while the
 * socket is down. `onChange(null)` then: read everything again.
 */
export function openAgendaLink({ onChange, origin, createSocket }: AgendaLinkOptions): () => void {
  const link = new SocketLink<ServerLobbyMessage, ClientLobbyMessage>({
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
    // The socket lost: read again at once, then every interval until it is back.
    fallback: {
      intervalMs: AGENDA_FALLBACK_INTERVAL_MS,
      poll: () => {
        onChange(null);
      },
    },
    onMessage: (message) => {
      if (message.type === 'queue') onChange(null);
      else if (message.type === 'agenda') onChange(message.storeId);
      else if (message.type === 'bye') link.drop();
    },
  });
  link.start();
  return () => link.close();
}

/**
 * Calls `onChange` whenever a reservation of a store this staff member serves changes (the store's
 * id), or when anything may have changed while the line was down (null).
 */
export function useAgendaChanges(onChange: (storeId: string | null) => void): void {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => openAgendaLink({ onChange: (storeId) => latest.current(storeId) }), []);
}
