import type { TrackName } from '@incontra/contracts/constants';
import type { DataMessage } from '@incontra/contracts/room/data-messages';
import type { ConnectionState, RemoteParticipantInfo, RemovalReason, VideoEngine } from '../engine/types';
import { connectionStatusChanged } from '../store/connection-slice';
import { participantJoined, participantLeft, trackArrived, trackRemoved } from '../store/participants-slice';
import type { RoomStore } from '../store/room-store';
import type { TrackRegistry } from '../store/track-registry';

export interface EngineBridgeHandlers {
  participantConnected(participant: RemoteParticipantInfo): void;
  dataReceived(from: string, message: DataMessage): void;
  removed(reason: RemovalReason): void;
  stateChanged(state: ConnectionState): void;
}

/**
 * Mirrors what the engine says about the room into the store (participants, track versions,
 * connection status) and the track registry; the rest goes to `handlers`. Answers the detach.
 */
export function bridgeEngine(engine: VideoEngine, store: RoomStore, tracks: TrackRegistry, handlers: EngineBridgeHandlers): () => void {
  const { dispatch } = store;
  const offs = [
    engine.on('connectionStateChanged', (state) => {
      dispatch(connectionStatusChanged(state));
      handlers.stateChanged(state);
    }),
    engine.on('participantConnected', (participant) => {
      dispatch(participantJoined({ ...participant, isLocal: false }));
      handlers.participantConnected(participant);
    }),
    engine.on('participantDisconnected', (identity) => {
      tracks.deleteParticipant(identity);
      dispatch(participantLeft(identity));
    }),
    engine.on('trackSubscribed', (identity: string, name: TrackName, track: MediaStreamTrack) => {
      tracks.set(identity, name, track);
      dispatch(trackArrived({ identity, name }));
    }),
    engine.on('trackUnsubscribed', (identity, name) => {
      tracks.delete(identity, name);
      dispatch(trackRemoved({ identity, name }));
    }),
    engine.on('dataReceived', (from, message) => handlers.dataReceived(from, message)),
    engine.on('removed', (reason) => handlers.removed(reason)),
  ];
  return () => offs.forEach((off) => off());
}
