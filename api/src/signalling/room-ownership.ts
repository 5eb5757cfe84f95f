import type { RoomKey } from './signalling-hub';

/**
 * Which API process runs a room's signalling. A room's members may be connected to different
 * processes, but one hub must see them all: the owner's. The others bridge their sockets to it.
 */
export interface RoomOwnership {
  readonly kind: 'in-process' | 'redis';
  /** This process's id, random per process: the name the others reach it by. */
  readonly processId: string;
  /** Whether this process runs the room now, known without asking anyone. */
  ownsLocally(room: RoomKey): boolean;
  /** The process running the room; this one, which takes the room, when nobody runs it. */
  claim(room: RoomKey): Promise<string>;
  /**
   * The process running the room, or null when nobody does (then nobody is in it). `fresh` skips
   * the short cache, for a caller that suspects the answer changed.
   */
  ownerOf(room: RoomKey, fresh?: boolean): Promise<string | null>;
  /** The room emptied here: another process may take it. */
  release(room: RoomKey): Promise<void>;
  /** Whether a process is still running (it renews its own lease while it is). */
  isAlive(processId: string): Promise<boolean>;
  /** Told when this process lost a room it ran (its lease lapsed and another took it). */
  onLost(handler: (room: RoomKey) => void): void;
  close(): Promise<void>;
}

export const roomKeyOf = ({ companyId, roomId }: RoomKey): string => `${companyId}/${roomId}`;

/** One process: it runs every room, at no cost. */
export function inProcessRoomOwnership(): RoomOwnership {
  const processId = 'this-process';
  return {
    kind: 'in-process',
    processId,
    ownsLocally: () => true,
    claim: async () => processId,
    ownerOf: async () => processId,
    release: async () => undefined,
    isAlive: async (id) => id === processId,
    onLost: () => undefined,
    close: async () => undefined,
  };
}
