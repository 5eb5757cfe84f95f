import { cannotTransition } from '@incontra/contracts/errors';
import type { ConnectionState, RoomState } from './types';

/** Spec section 4: the only moves a connection may make; disconnected is final. */
const LEGAL: Record<ConnectionState, readonly ConnectionState[]> = {
  connecting: ['connected', 'disconnected'],
  connected: ['reconnecting', 'disconnected'],
  reconnecting: ['connected', 'disconnected'],
  disconnected: [],
};

export function canTransition(from: ConnectionState, to: ConnectionState): boolean {
  return LEGAL[from].includes(to);
}

/** Throws 'Cannot transition from X to Y' for a move the spec does not allow. */
export function assertTransition(from: ConnectionState, to: ConnectionState): void {
  if (!canTransition(from, to)) throw new Error(cannotTransition(from, to));
}

/** The room state the UI shows; null while the first connection is still being made. */
export function roomStateOf(state: ConnectionState): RoomState | null {
  return state === 'connecting' ? null : state;
}

/**
 * One connection's state. `transition` is strict (staying put is not a move); `moveTo` is what
 * engines call from events that may repeat (two ICE failures in a row): it ignores a repeat and
 * reports whether the state changed.
 */
export class ConnectionStateMachine {
  private current: ConnectionState = 'connecting';

  get state(): ConnectionState {
    return this.current;
  }

  transition(to: ConnectionState): void {
    assertTransition(this.current, to);
    this.current = to;
  }

  moveTo(to: ConnectionState): boolean {
    if (to === this.current) return false;
    this.transition(to);
    return true;
  }
}
