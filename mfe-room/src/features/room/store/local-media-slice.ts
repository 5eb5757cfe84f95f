import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LocalMediaSnapshot, MediaFailure, MediaPermission } from '../media/types';

export interface LocalMediaState {
  cameraPermission: MediaPermission;
  microphonePermission: MediaPermission;
  cameraOn: boolean;
  microphoneOn: boolean;
  screenOn: boolean;
  blurEnabled: boolean;
  backgroundEnabled: boolean;
  backgroundImageUrl: string | null;
  effectsSupported: boolean;
  failure: MediaFailure | null;
}

const initialState: LocalMediaState = {
  cameraPermission: 'unknown',
  microphonePermission: 'unknown',
  cameraOn: false,
  microphoneOn: false,
  screenOn: false,
  blurEnabled: false,
  backgroundEnabled: false,
  backgroundImageUrl: null,
  effectsSupported: false,
  failure: null,
};

/** The serialisable part of local media: what the controls and messages show. */
export function localMediaStateOf(snapshot: LocalMediaSnapshot): LocalMediaState {
  const microphone = snapshot.microphone;
  return {
    cameraPermission: snapshot.cameraPermission,
    microphonePermission: snapshot.microphonePermission,
    cameraOn: snapshot.camera !== null && !snapshot.camera.isStopped,
    microphoneOn: microphone !== null && (snapshot.microphoneEnabled ?? microphone.isEnabled),
    screenOn: snapshot.screen !== null,
    blurEnabled: snapshot.blurEnabled,
    backgroundEnabled: snapshot.backgroundEnabled,
    backgroundImageUrl: snapshot.backgroundImageUrl ?? null,
    effectsSupported: snapshot.effectsSupported,
    failure: snapshot.cameraFailure ?? snapshot.microphoneFailure ?? null,
  };
}

export const localMediaSlice = createSlice({
  name: 'localMedia',
  initialState,
  reducers: {
    localMediaChanged(_state, action: PayloadAction<LocalMediaState>) {
      return action.payload;
    },
    localMediaFailed(state, action: PayloadAction<MediaFailure | null>) {
      state.failure = action.payload;
    },
  },
});

export const { localMediaChanged, localMediaFailed } = localMediaSlice.actions;
