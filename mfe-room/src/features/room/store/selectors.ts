import { createSelector } from '@reduxjs/toolkit';
import type { Participant } from './participants-slice';
import { participantsAdapter } from './participants-slice';
import type { RoomStoreState } from './room-store';

export type VideoTileKind = 'camera' | 'screen';
export interface VideoTile {
  identity: string;
  kind: VideoTileKind;
}

const participantSelectors = participantsAdapter.getSelectors((state: RoomStoreState) => state.participants);

/** Everyone, in the order they were met (the local participant first: it is added on enter). */
export const selectParticipants = participantSelectors.selectAll;
export const selectParticipantById = participantSelectors.selectById;
export const selectParticipantCount = participantSelectors.selectTotal;

export const selectConnectionStatus = (state: RoomStoreState) => state.connection.status;
export const selectConnectionError = (state: RoomStoreState) => state.connection.error;
export const selectRoomInfo = (state: RoomStoreState) => state.connection.room;
export const selectLocalIdentity = (state: RoomStoreState) => state.connection.localIdentity;
export const selectLocalMedia = (state: RoomStoreState) => state.localMedia;
export const selectChatMessages = (state: RoomStoreState) => state.chat.messages;
export const selectChatOpen = (state: RoomStoreState) => state.chat.open;
export const selectUnreadCount = (state: RoomStoreState) => state.chat.unread;
export const selectStaffMuteNotice = (state: RoomStoreState) => state.staffMute.noticeShown;

export const selectLocalParticipant = (state: RoomStoreState): Participant | null => {
  const identity = state.connection.localIdentity;
  return identity === null ? null : (participantSelectors.selectById(state, identity) ?? null);
};

export const selectRemoteParticipants = createSelector([selectParticipants], (participants) => participants.filter((participant) => !participant.isLocal));

export const selectIsStaff = (state: RoomStoreState) => selectLocalParticipant(state)?.role === 'staff';

/**
 * The spec's layout: the current participant first (always, with or without video), then every
 * screen share, then the other participants whose camera is on.
 */
export const selectVideoTiles = createSelector([selectParticipants, selectLocalIdentity], (participants, localIdentity) => {
  const tiles: VideoTile[] = [];
  if (localIdentity !== null && participants.some((participant) => participant.identity === localIdentity)) {
    tiles.push({ identity: localIdentity, kind: 'camera' });
  }
  for (const participant of participants) {
    if (participant.tracks.screen !== null) tiles.push({ identity: participant.identity, kind: 'screen' });
  }
  for (const participant of participants) {
    if (participant.identity !== localIdentity && participant.tracks.camera !== null) {
      tiles.push({ identity: participant.identity, kind: 'camera' });
    }
  }
  return tiles;
});

/**
 * Remote participants without a camera: listed apart from the tiles, with their microphone and
 * voice (one sharing a screen without a camera is listed too: the screen says nothing of them).
 */
export const selectAudioOnlyParticipants = createSelector([selectRemoteParticipants], (participants) =>
  participants.filter((participant) => participant.tracks.camera === null),
);

export const selectSpeakingIdentities = (state: RoomStoreState) => state.speaking.identities;
export const selectIsSpeaking = (identity: string) => (state: RoomStoreState) => state.speaking.identities[identity] === true;

function hasAudio(state: RoomStoreState, identity: string): boolean {
  const participant = participantSelectors.selectById(state, identity);
  return participant !== undefined && participant.tracks.audio !== null && !participant.muted;
}

/**
 * The spec's derived `hasAudio`: audio present and not muted. Either `selectHasAudio(state, id)`
 * or `useRoomSelector(selectHasAudio(id))`.
 */
export function selectHasAudio(identity: string): (state: RoomStoreState) => boolean;
export function selectHasAudio(state: RoomStoreState, identity: string): boolean;
export function selectHasAudio(first: RoomStoreState | string, identity?: string): boolean | ((state: RoomStoreState) => boolean) {
  if (typeof first === 'string') return (state: RoomStoreState) => hasAudio(state, first);
  return hasAudio(first, identity ?? '');
}
