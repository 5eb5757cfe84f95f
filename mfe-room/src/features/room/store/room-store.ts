import { configureStore } from '@reduxjs/toolkit';
import { chatSlice } from './chat-slice';
import { connectionSlice } from './connection-slice';
import { localMediaSlice } from './local-media-slice';
import { participantsSlice } from './participants-slice';
import { speakingSlice } from './speaking-slice';
import { staffMuteSlice } from './staff-mute-slice';

/** One store per room page: created when the page mounts, gone when it unmounts. */
export function createRoomStore() {
  return configureStore({
    reducer: {
      connection: connectionSlice.reducer,
      participants: participantsSlice.reducer,
      localMedia: localMediaSlice.reducer,
      chat: chatSlice.reducer,
      staffMute: staffMuteSlice.reducer,
      speaking: speakingSlice.reducer,
    },
  });
}

export type RoomStore = ReturnType<typeof createRoomStore>;
/** Named so, not RoomState: that is the engine's connected/reconnecting/disconnected. */
export type RoomStoreState = ReturnType<RoomStore['getState']>;
export type RoomDispatch = RoomStore['dispatch'];
