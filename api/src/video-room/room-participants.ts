export interface ProviderRoom {
  companyId: string;
  roomId: string;
  /** The provider's name of the room (see RoomTokenIssuer). */
  roomName: string;
}

/** The video port's live side: who is in a room right now, and putting someone out of it. */
export interface RoomParticipants {
  count(room: ProviderRoom): Promise<number>;
  remove(room: ProviderRoom, identity: string): Promise<void>;
}

/** What the built-in engine's signalling hub offers. */
export interface SignallingPresence {
  presence(companyId: string, roomId: string): number;
  kick(companyId: string, roomId: string, identity: string): boolean;
}

/** The built-in engine: the live members of the signalling hub of this process. */
export function localRoomParticipants(hub: SignallingPresence): RoomParticipants {
  return {
    count: async ({ companyId, roomId }) => hub.presence(companyId, roomId),
    remove: async ({ companyId, roomId }, identity) => {
      hub.kick(companyId, roomId, identity);
    },
  };
}
