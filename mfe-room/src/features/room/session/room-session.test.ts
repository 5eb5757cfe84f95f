import { selectConnectionStatus, selectLocalParticipant, selectVideoTiles } from '../store/selectors';
import { FakeEngine } from '../engine/testing/fake-engine';
import { createRoomStore } from '../store/room-store';
import { RoomSession } from './room-session';
import { FakeLocalMedia } from './testing/fake-local-media';
import { flush, joinResponse, ROOM_ID, sessionHarness } from './testing/session-harness';

describe('RoomSession: entering and leaving', () => {
  it('enter stores the room and the local participant, connects with microphone and camera, then sends its state', async () => {
    const { session, engine, store, media } = sessionHarness();
    await session.enter(joinResponse());

    const state = store.getState();
    expect(state.connection).toEqual({
      status: 'connected',
      provider: 'local',
      room: { id: ROOM_ID, name: 'Sala Roma', maxParticipants: 4 },
      localIdentity: 'staff-me',
      error: null,
    });
    expect(engine.connectedWith.map(({ name }) => name)).toEqual(['audio', 'camera']);
    expect(engine.connectedWith[1]?.track).toBe(media.snapshot().camera);
    expect(engine.sent).toEqual([{ message: { type: 'state', payload: { displayName: 'Anna', muted: false, blurEnabled: false, backgroundEnabled: false } } }]);
    const local = selectLocalParticipant(state);
    expect(local).toMatchObject({ identity: 'staff-me', role: 'staff', isLocal: true, muted: false });
    expect(local?.tracks.camera).not.toBeNull();
    expect(local?.tracks.audio).not.toBeNull();
    expect(session.track('staff-me', 'camera')).toBe(media.snapshot().camera?.mediaStreamTrack);
    // One's own microphone is never in the registry: nothing may play it back.
    expect(session.track('staff-me', 'audio')).toBeNull();
    expect(selectVideoTiles(state)).toEqual([{ identity: 'staff-me', kind: 'camera' }]);
  });

  it('enters audio-only when there is no camera', async () => {
    const { session, engine } = sessionHarness({ camera: null, cameraFailure: 'permission-denied', cameraPermission: 'denied' });
    await session.enter(joinResponse());
    expect(engine.connectedWith.map(({ name }) => name)).toEqual(['audio']);
  });

  it.each([
    ['toggleMicrophone', (s: ReturnType<typeof sessionHarness>['session']) => s.toggleMicrophone()],
    ['toggleCamera', (s: ReturnType<typeof sessionHarness>['session']) => s.toggleCamera()],
    ['toggleScreenShare', (s: ReturnType<typeof sessionHarness>['session']) => s.toggleScreenShare()],
    ['toggleBlur', (s: ReturnType<typeof sessionHarness>['session']) => s.toggleBlur()],
    ['setBackgroundImage', (s: ReturnType<typeof sessionHarness>['session']) => s.setBackgroundImage(null)],
    ['sendChat', async (s: ReturnType<typeof sessionHarness>['session']) => s.sendChat('ciao')],
    ['sendFile', (s: ReturnType<typeof sessionHarness>['session']) => s.sendFile(new File(['x'], 'x.txt'))],
    ['muteParticipant', async (s: ReturnType<typeof sessionHarness>['session']) => s.muteParticipant('guest-x')],
    ['kick', (s: ReturnType<typeof sessionHarness>['session']) => s.kick('guest-x')],
    ['quit', async (s: ReturnType<typeof sessionHarness>['session']) => s.quit()],
  ])('%s before enter throws Room not initialized', async (_name, run) => {
    const { session } = sessionHarness();
    await expect(run(session)).rejects.toThrow('Room not initialized');
  });

  it('a refused connection: join-failed, disconnected, and the error is rethrown', async () => {
    const { session, engine, store, media } = sessionHarness();
    engine.connectFailure = new Error('Signalling connection timed out');
    await expect(session.enter(joinResponse())).rejects.toThrow('Signalling connection timed out');
    expect(store.getState().connection).toMatchObject({ status: 'disconnected', error: 'join-failed' });
    expect(media.calls).toContain('stop');
  });

  it('a full room: room-full', async () => {
    const { session, engine, store } = sessionHarness();
    engine.connectFailure = new Error('Room refused: room-full');
    const connect = engine.connect.bind(engine);
    engine.connect = async (join, tracks) => {
      engine.emit('removed', 'room-full');
      return connect(join, tracks);
    };
    await expect(session.enter(joinResponse())).rejects.toThrow('Room refused: room-full');
    expect(store.getState().connection.error).toBe('room-full');
  });

  it('quit releases audio, video and screen first, then leaves', async () => {
    const { session, engine, media, store } = sessionHarness();
    await session.enter(joinResponse());
    await session.toggleScreenShare();
    const stop = jest.spyOn(media, 'stop');
    const disconnect = jest.spyOn(engine, 'disconnect');
    session.quit();
    expect(stop).toHaveBeenCalledTimes(1);
    expect(disconnect).toHaveBeenCalledTimes(1);
    expect(stop.mock.invocationCallOrder[0]).toBeLessThan(disconnect.mock.invocationCallOrder[0] as number);
    const snapshot = media.snapshot();
    expect([snapshot.camera, snapshot.microphone, snapshot.screen]).toEqual([null, null, null]);
    expect(selectConnectionStatus(store.getState())).toBe('disconnected');
    expect(store.getState().connection.error).toBeNull();
    expect(session.track('staff-me', 'camera')).toBeNull();
    expect(() => session.sendChat('ancora')).toThrow('Room not initialized');
    // A second quit (the end screen's button) is harmless: the room is not left twice, and
    // everything stays released and disconnected.
    session.quit();
    expect(disconnect).toHaveBeenCalledTimes(1);
    const again = media.snapshot();
    expect([again.camera, again.microphone, again.screen]).toEqual([null, null, null]);
    expect(selectConnectionStatus(store.getState())).toBe('disconnected');
  });

  it('dispose quits a room still entered and stops listening to media', async () => {
    const { session, engine, media, store } = sessionHarness();
    await session.enter(joinResponse());
    session.dispose();
    expect(engine.calls).toContain('disconnect');
    expect(media.calls).toContain('stop');
    const before = store.getState();
    media.setMicrophoneEnabled(true);
    expect(store.getState()).toBe(before);
  });

  it('dispose before enter leaves local media alone', () => {
    const { session, media } = sessionHarness();
    session.dispose();
    expect(media.calls).toEqual([]);
  });

  it('mirrors local media into the store from the start', async () => {
    const { store, media } = sessionHarness({ cameraPermission: 'unknown' });
    expect(store.getState().localMedia).toMatchObject({ cameraOn: true, microphoneOn: true, cameraPermission: 'unknown', effectsSupported: true });
    await media.toggleBlur();
    expect(store.getState().localMedia.blurEnabled).toBe(true);
    await flush();
  });

  it('shows its own screen share as a tile after its camera', async () => {
    const { session, store } = sessionHarness();
    await session.enter(joinResponse());
    await session.toggleScreenShare();
    expect(selectVideoTiles(store.getState())).toEqual([
      { identity: 'staff-me', kind: 'camera' },
      { identity: 'staff-me', kind: 'screen' },
    ]);
  });
});

describe('RoomSession defaults', () => {
  it('stamps chat messages with a random id and the current time', async () => {
    const engine = new FakeEngine();
    const session = new RoomSession({
      store: createRoomStore(),
      media: new FakeLocalMedia(),
      api: { kick: jest.fn(), uploadChatFile: jest.fn() },
      createEngine: async () => engine,
    });
    await session.enter(joinResponse());
    session.sendChat('ciao');
    const chat = engine.messagesOfType('chat')[0];
    expect(chat?.payload.id).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(Date.parse(chat?.payload.sentAt ?? '')).not.toBeNaN();
  });
});
