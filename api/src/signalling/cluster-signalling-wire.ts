import type { Peer, ServerSignallingMessage, SignalPayload } from '@incontra/contracts/realtime/signalling';
import type { RoomKey } from './signalling-hub';

/**
 * What the API processes tell each other about rooms, over pub/sub. Each process listens on its
 * own channel; `from` is the sender's process id, where answers go. `sid` names a socket of the
 * bridging process, `rid` a question waiting for its answer.
 */
export type ToOwner =
  | { type: 'join'; from: string; rid: number; sid: string; room: RoomKey; peer: Peer; maxParticipants: number | null }
  | { type: 'leave'; from: string; sid: string; reason: 'left' | 'lost' }
  | { type: 'relay'; from: string; rid: number; sid: string; to: string; data: SignalPayload }
  | { type: 'ask'; from: string; rid: number; question: Question };

export type ToBridge =
  | { type: 'send'; from: string; sid: string; message: ServerSignallingMessage }
  | { type: 'close'; from: string; sid: string; code: number }
  | { type: 'answer'; from: string; rid: number; value: Answer };

export type Question =
  /** `newcomer`: the seats that count against one of that role (an owner that ignores it counts every seat). */
  | { op: 'presence'; room: RoomKey; newcomer?: Peer['role'] }
  | { op: 'is-member'; room: RoomKey; identity: string }
  | { op: 'kick'; room: RoomKey; identity: string };

/** A join answers its outcome, or `not-owner` when the room moved meanwhile. */
export type Answer = string | number | boolean;

export type WireMessage = ToOwner | ToBridge;

export const channelOf = (processId: string): string => `signal:${processId}`;

const TYPES: ReadonlySet<string> = new Set(['join', 'leave', 'relay', 'ask', 'send', 'close', 'answer']);

/** Only our own processes write on these channels; a garbled message is dropped, never thrown. */
export function decode(raw: string): WireMessage | null {
  try {
    const message = JSON.parse(raw) as Partial<WireMessage> | null;
    if (!message || typeof message.type !== 'string' || !TYPES.has(message.type) || typeof message.from !== 'string') return null;
    return message as WireMessage;
  } catch {
    return null;
  }
}
