import type { JoinRoomResponse, ParticipantRole } from '@incontra/contracts/api/video-room';
import type { RoomDocument } from '@incontra/contracts/api/documents';
import { FakeEngine } from '../../engine/testing/fake-engine';
import { createRoomStore } from '../../store/room-store';
import { RoomSession, type RoomSessionOptions } from '../room-session';
import { FakeLocalMedia } from './fake-local-media';

export const ROOM_ID = '00000000-0000-4000-8000-0000000000aa';

export function joinResponse(role: ParticipantRole = 'staff', identity = `${role}-me`): JoinRoomResponse {
  return {
    provider: 'local',
    token: 'token',
    roomName: ROOM_ID,
    identity,
    role,
    displayName: 'Anna',
    iceServers: [],
    expiresAt: '2026-11-22T12:00:00.000Z',
    room: { id: ROOM_ID, name: 'Sala Roma', maxParticipants: 4 },
    signallingPath: '/api/realtime/room',
    uploadToken: 'token',
  };
}

/** A PDF of the room (sent in its chat unless `overrides` say otherwise), with a download link of its own. */
export function roomDocument(overrides: Partial<RoomDocument> = {}): RoomDocument {
  const id = overrides.id ?? '00000000-0000-4000-8000-0000000000d1';
  return {
    id,
    roomId: ROOM_ID,
    kind: 'chat',
    name: 'listino.pdf',
    mimeType: 'application/pdf',
    size: 1234,
    url: `/api/documents/${id}/download?sig=abc`,
    createdAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

/** A session over the fake engine and fake media; `sleeps` records the delays it asked for. */
export function sessionHarness(mediaOptions: ConstructorParameters<typeof FakeLocalMedia>[0] = {}, options: Partial<RoomSessionOptions> = {}) {
  const store = createRoomStore();
  const media = new FakeLocalMedia(mediaOptions);
  const engine = new FakeEngine();
  const sleeps: number[] = [];
  const errors: unknown[] = [];
  const api = {
    kick: jest.fn<Promise<void>, [string, string]>(() => Promise.resolve()),
    uploadChatFile: jest.fn<Promise<RoomDocument>, [string, File]>(() => Promise.resolve(roomDocument())),
  };
  let ids = 0;
  const session = new RoomSession({
    store,
    media,
    api,
    createEngine: () => Promise.resolve(engine),
    now: () => new Date('2026-11-22T10:30:00.000Z'),
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    newId: () => `id-${++ids}`,
    onError: (error) => errors.push(error),
    ...options,
  });
  return { store, media, engine, session, api, sleeps, errors };
}

/** Lets chained promises of background work finish. */
export async function flush(): Promise<void> {
  for (let round = 0; round < 30; round += 1) await Promise.resolve();
}
