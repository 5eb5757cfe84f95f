import { LOBBY } from '@incontra/contracts/realtime/lobby';
import { reconnectDelay as delayOf, socketUrl } from '@incontra/mfe-kit/realtime/socket-link';

const LOBBY_BACKOFF = { firstMs: LOBBY.reconnectBaseMs, maxMs: LOBBY.reconnectMaxMs, factor: 1.5 };

/** Delay before reconnection attempt `attempt` (0-based): the lobby's base growing by 1.5, capped. */
export function reconnectDelay(attempt: number): number {
  return delayOf(attempt, LOBBY_BACKOFF);
}

/** The lobby socket's address on this page's origin, as ws: or wss:. */
export function lobbyUrl(origin: string): string {
  return socketUrl(LOBBY.path, new URL(origin));
}
