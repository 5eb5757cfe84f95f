import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { VideoProvider } from '@incontra/contracts/api/video-room';
import type { ConnectionState } from '../engine/types';

/** What went wrong with the room, in words the UI turns into Italian. */
export type RoomErrorKind = 'permission-denied' | 'device-busy' | 'no-device' | 'connection-lost' | 'removed' | 'room-full' | 'join-failed' | 'unsupported';

export interface RoomInfo {
  id: string;
  name: string;
  maxParticipants: number | null;
}

export interface ConnectionSliceState {
  status: 'idle' | ConnectionState;
  provider: VideoProvider | null;
  room: RoomInfo | null;
  localIdentity: string | null;
  error: RoomErrorKind | null;
}

const initialState: ConnectionSliceState = { status: 'idle', provider: null, room: null, localIdentity: null, error: null };

export const connectionSlice = createSlice({
  name: 'connection',
  initialState,
  reducers: {
    roomEntering(state, action: PayloadAction<{ provider: VideoProvider; room: RoomInfo; localIdentity: string }>) {
      state.status = 'connecting';
      state.provider = action.payload.provider;
      state.room = action.payload.room;
      state.localIdentity = action.payload.localIdentity;
      state.error = null;
    },
    connectionStatusChanged(state, action: PayloadAction<ConnectionState>) {
      state.status = action.payload;
    },
    /** The first error sticks: it is the cause, what follows is consequence. */
    roomFailed(state, action: PayloadAction<RoomErrorKind>) {
      state.error ??= action.payload;
    },
    roomErrorCleared(state) {
      state.error = null;
    },
  },
});

export const { roomEntering, connectionStatusChanged, roomFailed, roomErrorCleared } = connectionSlice.actions;
