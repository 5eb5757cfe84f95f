import { TRACK_NAMES, type TrackName } from '@incontra/contracts/constants';
import type { PublishableTrack } from '../engine/types';
import type { LocalMediaSnapshot } from '../media/types';
import { localMediaStateOf } from '../store/local-media-slice';
import { trackArrived, trackRemoved, type ParticipantState } from '../store/participants-slice';
import type { RoomStore } from '../store/room-store';
import type { TrackRegistry } from '../store/track-registry';

/**
 * One's own published track as the tiles show it: the camera as sent (with its effect), the
 * screen. The microphone never enters the registry: nothing should ever play it back.
 */
export function showLocalTrack(store: RoomStore, tracks: TrackRegistry, identity: string, name: TrackName, track: PublishableTrack): void {
  if (name === TRACK_NAMES.camera || name === TRACK_NAMES.screen) {
    tracks.set(identity, name, track.processedTrack ?? track.mediaStreamTrack);
  }
  store.dispatch(trackArrived({ identity, name }));
}

export function hideLocalTrack(store: RoomStore, tracks: TrackRegistry, identity: string, name: TrackName): void {
  tracks.delete(identity, name);
  store.dispatch(trackRemoved({ identity, name }));
}

/** What the `state` message says about me (and what my own participant entry shows). */
export function localParticipantState(displayName: string, snapshot: LocalMediaSnapshot): ParticipantState {
  const media = localMediaStateOf(snapshot);
  return { displayName, muted: !media.microphoneOn, blurEnabled: media.blurEnabled, backgroundEnabled: media.backgroundEnabled };
}
