import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { ParticipantRole } from '@incontra/contracts/api/video-room';
import type { TrackName } from '@incontra/contracts/constants';
import { RemoteProviders } from '@incontra/mfe-kit/remote-providers';
import { buildMfeProps, type TestMfeProps } from '@incontra/mfe-kit/testing/build-mfe-props';
import { RoomSessionProvider } from '../../hooks/use-room-session';
import type { RoomSession } from '../../session/room-session';
import { connectionStatusChanged, roomEntering } from '../../store/connection-slice';
import { localMediaChanged, type LocalMediaState } from '../../store/local-media-slice';
import { participantJoined, participantStateChanged, trackArrived, type ParticipantState } from '../../store/participants-slice';
import { createRoomStore, type RoomStore } from '../../store/room-store';
import { TrackRegistry } from '../../store/track-registry';

/*
 * Test helpers for the room's components: a store prepared with actions (as the session would
 * dispatch them) and a fake session whose commands are spies and whose tracks are a registry.
 */

export const ROOM = { id: '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f', name: 'Sala Consulenza', maxParticipants: 4 };

export interface PreparedParticipant {
  identity: string;
  displayName: string;
  role?: ParticipantRole;
  tracks?: TrackName[];
  state?: Partial<ParticipantState>;
}

/** A track stand-in: the components only hand it to MediaStream / srcObject. */
export const fakeTrack = (kind: 'audio' | 'video') => ({ kind, id: `${kind}-${Math.random()}` }) as unknown as MediaStreamTrack;

export const LOCAL_MEDIA_ON: LocalMediaState = {
  cameraPermission: 'granted',
  microphonePermission: 'granted',
  cameraOn: true,
  microphoneOn: true,
  screenOn: false,
  blurEnabled: false,
  backgroundEnabled: false,
  backgroundImageUrl: null,
  effectsSupported: true,
  failure: null,
};

export function prepareRoom({
  local,
  remotes = [],
  room = ROOM,
  media = LOCAL_MEDIA_ON,
}: {
  local: PreparedParticipant;
  remotes?: PreparedParticipant[];
  room?: typeof ROOM | (Omit<typeof ROOM, 'maxParticipants'> & { maxParticipants: number | null });
  media?: LocalMediaState;
}): RoomStore {
  const store = createRoomStore();
  store.dispatch(roomEntering({ provider: 'local', room, localIdentity: local.identity }));
  store.dispatch(connectionStatusChanged('connected'));
  store.dispatch(localMediaChanged(media));
  const add = (participant: PreparedParticipant, isLocal: boolean) => {
    store.dispatch(participantJoined({ identity: participant.identity, displayName: participant.displayName, role: participant.role ?? 'staff', isLocal }));
    if (participant.state) store.dispatch(participantStateChanged({ identity: participant.identity, changes: participant.state }));
    for (const name of participant.tracks ?? []) store.dispatch(trackArrived({ identity: participant.identity, name }));
  };
  add(local, true);
  remotes.forEach((participant) => add(participant, false));
  return store;
}

export type FakeSession = {
  [
    K in
      | 'toggleMicrophone'
      | 'toggleCamera'
      | 'toggleScreenShare'
      | 'toggleBlur'
      | 'setBackgroundImage'
      | 'sendChat'
      | 'sendFile'
      | 'shareDocument'
      | 'muteParticipant'
      | 'kick'
      | 'quit'
      | 'dispose'
  ]: jest.Mock;
} & { tracks: TrackRegistry; track(identity: string, name: TrackName): MediaStreamTrack | null };

export function fakeSession(): FakeSession {
  const tracks = new TrackRegistry();
  const resolved = () => jest.fn(async () => undefined);
  return {
    tracks,
    track: (identity, name) => tracks.get(identity, name),
    toggleMicrophone: resolved(),
    toggleCamera: resolved(),
    toggleScreenShare: resolved(),
    toggleBlur: resolved(),
    setBackgroundImage: resolved(),
    sendChat: jest.fn(),
    sendFile: resolved(),
    shareDocument: jest.fn(),
    muteParticipant: jest.fn(),
    kick: resolved(),
    quit: jest.fn(),
    dispose: jest.fn(),
  };
}

/** Renders `ui` inside the remote's providers, the room store and the (fake) session. */
export function renderInPreparedRoom(ui: ReactElement, store: RoomStore, session: FakeSession, mfeProps: TestMfeProps = buildMfeProps()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RemoteProviders props={mfeProps}>
      <Provider store={store}>
        <RoomSessionProvider session={session as unknown as RoomSession}>{children}</RoomSessionProvider>
      </Provider>
    </RemoteProviders>
  );
  return { mfeProps, ...render(ui, { wrapper }) };
}
