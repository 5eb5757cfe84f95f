import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { participantLeft, participantsCleared } from './participants-slice';

/** Who is speaking now (the speaking monitor's findings), apart from the participants so that a voice re-renders only its own marks. */
export interface SpeakingState {
  identities: Record<string, true>;
}

const initialState: SpeakingState = { identities: {} };

export const speakingSlice = createSlice({
  name: 'speaking',
  initialState,
  reducers: {
    speakingChanged(state, action: PayloadAction<{ identity: string; speaking: boolean }>) {
      if (action.payload.speaking) state.identities[action.payload.identity] = true;
      else delete state.identities[action.payload.identity];
    },
  },
  extraReducers: (builder) => {
    builder.addCase(participantLeft, (state, action) => {
      delete state.identities[action.payload];
    });
    builder.addCase(participantsCleared, (state) => {
      state.identities = {};
    });
  },
});

export const { speakingChanged } = speakingSlice.actions;
