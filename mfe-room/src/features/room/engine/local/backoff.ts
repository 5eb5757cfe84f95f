import { VIDEO_PROVIDER } from '@incontra/contracts/constants';

export const RECONNECT_FIRST_DELAY_MS = 500;
export const RECONNECT_MAX_DELAY_MS = 5000;

/** Delay before reconnection attempt `attempt` (0-based): 500 ms growing by the spec's factor, capped. */
export function reconnectDelay(attempt: number): number {
  const delay = RECONNECT_FIRST_DELAY_MS * VIDEO_PROVIDER.reconnectBackoffFactor ** attempt;
  return Math.min(RECONNECT_MAX_DELAY_MS, Math.round(delay));
}
