import { createEntityAdapter, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ParticipantRole } from '@incontra/contracts/api/video-room';
import { TRACK_NAMES, type TrackName } from '@incontra/contracts/constants';

/** A track's version: bumped on each (re)arrival so views re-read the registry; null when absent. */
export type TrackVersions = Record<TrackName, number | null>;

export interface Participant {
  identity: string;
  displayName: string;
  role: ParticipantRole;
  isLocal: boolean;
  tracks: TrackVersions;
  muted: boolean;
  blurEnabled: boolean;
  backgroundEnabled: boolean;
}

export type ParticipantState = Pick<Participant, 'displayName' | 'muted' | 'blurEnabled' | 'backgroundEnabled'>;

export const NO_TRACKS: TrackVersions = Object.fromEntries(Object.values(TRACK_NAMES).map((name) => [name, null])) as TrackVersions;

export const participantsAdapter = createEntityAdapter({ selectId: (participant: Participant) => participant.identity });

const initialState = participantsAdapter.getInitialState({ lastVersion: 0 });

export const participantsSlice = createSlice({
  name: 'participants',
  initialState,
  reducers: {
    /** Joined, or joined again (a reconnection): what is known of it already is kept. */
    participantJoined(state, action: PayloadAction<Pick<Participant, 'identity' | 'displayName' | 'role' | 'isLocal'>>) {
      const { identity } = action.payload;
      const existing = state.entities[identity];
      if (existing) {
        Object.assign(existing, action.payload);
        return;
      }
      participantsAdapter.addOne(state, { ...action.payload, tracks: { ...NO_TRACKS }, muted: false, blurEnabled: false, backgroundEnabled: false });
    },
    participantLeft(state, action: PayloadAction<string>) {
      participantsAdapter.removeOne(state, action.payload);
    },
    participantStateChanged(state, action: PayloadAction<{ identity: string; changes: Partial<ParticipantState> }>) {
      const participant = state.entities[action.payload.identity];
      if (participant) Object.assign(participant, action.payload.changes);
    },
    trackArrived(state, action: PayloadAction<{ identity: string; name: TrackName }>) {
      const participant = state.entities[action.payload.identity];
      if (!participant) return;
      state.lastVersion += 1;
      participant.tracks[action.payload.name] = state.lastVersion;
    },
    trackRemoved(state, action: PayloadAction<{ identity: string; name: TrackName }>) {
      const participant = state.entities[action.payload.identity];
      if (participant) participant.tracks[action.payload.name] = null;
    },
    participantsCleared(state) {
      participantsAdapter.removeAll(state);
    },
  },
});

export const { participantJoined, participantLeft, participantStateChanged, trackArrived, trackRemoved, participantsCleared } = participantsSlice.actions;
