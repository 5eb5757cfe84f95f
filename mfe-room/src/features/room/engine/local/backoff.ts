import { VIDEO_PROVIDER } from '@incontra/contracts/constants';
import { reconnectDelay as delayOf } from '@incontra/mfe-kit/realtime/socket-link';

export const RECONNECT_FIRST_DELAY_MS = 500;
export const RECONNECT_MAX_DELAY_MS = 5000;

const SIGNALLING_BACKOFF = { firstMs: RECONNECT_FIRST_DELAY_MS, maxMs: RECONNECT_MAX_DELAY_MS, factor: VIDEO_PROVIDER.reconnectBackoffFactor };

/** Delay before reconnection attempt `attempt` (0-based): 500 ms growing by the spec's factor, capped. */
export function reconnectDelay(attempt: number): number {
  return delayOf(attempt, SIGNALLING_BACKOFF);
}
