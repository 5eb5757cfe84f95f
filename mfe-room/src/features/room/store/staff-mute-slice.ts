import { createSlice } from '@reduxjs/toolkit';
import { localMediaChanged } from './local-media-slice';

/**
 * Whether the room should say that staff turned the microphone off: otherwise the guest only sees
 * the button change, with no word of why. It lasts until the microphone is on again or the notice
 * is closed.
 */
export const staffMuteSlice = createSlice({
  name: 'staffMute',
  initialState: { noticeShown: false },
  reducers: {
    microphoneMutedByStaff(state) {
      state.noticeShown = true;
    },
    staffMuteNoticeDismissed(state) {
      state.noticeShown = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(localMediaChanged, (state, action) => {
      if (action.payload.microphoneOn) state.noticeShown = false;
    });
  },
});

export const { microphoneMutedByStaff, staffMuteNoticeDismissed } = staffMuteSlice.actions;
