import { flush, joinResponse, sessionHarness } from './testing/session-harness';

async function entered(options: Parameters<typeof sessionHarness>[0] = {}) {
  const harness = sessionHarness(options);
  await harness.session.enter(joinResponse());
  harness.engine.calls.length = 0;
  return harness;
}

describe('RoomSession: publishing rules', () => {
  it('camera off: unpublished, then released; on: captured again and published once', async () => {
    const { session, engine, media, store } = await entered();
    await session.toggleCamera();
    expect(engine.calls).toEqual(['unpublish:camera']);
    expect(media.calls).toEqual(['camera:false']);
    expect(store.getState().localMedia.cameraOn).toBe(false);
    expect(store.getState().participants.entities['staff-me']?.tracks.camera).toBeNull();

    await session.toggleCamera();
    await flush();
    // cameraReplaced and the toggle both ask; the same track is published only once.
    expect(engine.calls).toEqual(['unpublish:camera', 'publish:camera']);
    expect(engine.published.get('camera')).toBe(media.snapshot().camera);
    expect(store.getState().participants.entities['staff-me']?.tracks.camera).not.toBeNull();
  });

  it('a new camera track replaces the published one: the old is unpublished first', async () => {
    const { engine, media, session } = await entered();
    const camera = media.replaceCamera();
    await flush();
    expect(engine.calls).toEqual(['unpublish:camera', 'publish:camera']);
    expect(engine.published.get('camera')).toBe(camera);
    expect(session.track('staff-me', 'camera')).toBe(camera.mediaStreamTrack);
  });

  it('publishing the camera already published is skipped', async () => {
    const { engine, media } = await entered();
    const listeners = media as unknown as { emitter: { emit(event: 'cameraReplaced', track: unknown): void } };
    listeners.emitter.emit('cameraReplaced', media.snapshot().camera);
    await flush();
    expect(engine.calls).toEqual([]);
  });

  it('a publish failing with 53304 is retried once after 500 ms', async () => {
    const { engine, media, sleeps, errors } = await entered();
    engine.publishFailures = [Object.assign(new Error('Track name is duplicated'), { code: 53304 })];
    media.replaceCamera();
    await flush();
    expect(sleeps).toEqual([500]);
    expect(engine.calls).toEqual(['unpublish:camera', 'publish:camera', 'publish:camera']);
    expect(engine.published.has('camera')).toBe(true);
    expect(errors).toEqual([]);
  });

  it('a second 53304 is rethrown, and so is any other failure at once', async () => {
    const { engine, session, media, sleeps, store } = await entered();
    engine.publishFailures = [{ code: 53304 }, { code: 53304 }];
    await expect(session.toggleScreenShare()).rejects.toEqual({ code: 53304 });
    expect(sleeps).toEqual([500]);
    expect(engine.calls).toEqual(['publish:screen', 'publish:screen']);
    // The capture is released: it must not look shared.
    expect(media.snapshot().screen).toBeNull();

    engine.publishFailures = [{ code: 53300 }];
    await expect(session.toggleScreenShare()).rejects.toEqual({ code: 53300 });
    expect(sleeps).toEqual([500]);
    expect(engine.published.has('screen')).toBe(false);
    expect(store.getState().participants.entities['staff-me']?.tracks.screen).toBeNull();
  });

  it('screen share: published with its audio, stopped and unpublished by a second press', async () => {
    const { session, engine, media } = await entered();
    media.screenWithAudio = true;
    await session.toggleScreenShare();
    expect(engine.calls).toEqual(['publish:screen', 'publish:screen-audio']);
    expect(engine.published.get('screen')?.mediaStreamTrack).toBe(media.snapshot().screen);
    await session.toggleScreenShare();
    expect(engine.calls.slice(2)).toEqual(['unpublish:screen', 'unpublish:screen-audio']);
    expect(media.snapshot().screen).toBeNull();
  });

  it('no screen obtained (picker cancelled): nothing is published', async () => {
    const { session, engine, media } = await entered();
    media.screenObtained = false;
    await session.toggleScreenShare();
    expect(engine.calls).toEqual([]);
  });

  it("where the browser cannot share a screen: 'Screen sharing not supported'", async () => {
    const { session, media } = await entered();
    media.screenSupported = false;
    await expect(session.toggleScreenShare()).rejects.toThrow('Screen sharing not supported');
  });

  it('the end of a screen share (browser button) clears and unpublishes screen and screen audio', async () => {
    const { session, engine, media, store } = await entered();
    media.screenWithAudio = true;
    await session.toggleScreenShare();
    media.endScreenShare();
    await flush();
    expect(engine.calls).toEqual(['publish:screen', 'publish:screen-audio', 'unpublish:screen', 'unpublish:screen-audio']);
    expect(store.getState().participants.entities['staff-me']?.tracks.screen).toBeNull();
    expect(store.getState().localMedia.screenOn).toBe(false);
  });

  it('a microphone device change re-publishes the microphone', async () => {
    const { session, engine, media } = await entered();
    await session.changeMicrophone('usb-mic');
    await flush();
    expect(engine.calls).toEqual(['unpublish:audio', 'publish:audio']);
    expect(engine.published.get('audio')).toBe(media.snapshot().microphone);
  });

  it('an effect change makes the engine send the processed track; the own tile shows it', async () => {
    const { session, engine, media } = await entered();
    await session.toggleBlur();
    await flush();
    expect(engine.calls).toEqual(['refresh:camera']);
    const processed = media.snapshot().camera?.processedTrack;
    expect(processed).toBeTruthy();
    expect(session.track('staff-me', 'camera')).toBe(processed);
    expect(engine.messagesOfType('state').at(-1)?.payload).toMatchObject({ blurEnabled: true, backgroundEnabled: false });

    await session.setBackgroundImage('/assets/backgrounds/office.jpg');
    await flush();
    expect(engine.messagesOfType('state').at(-1)?.payload).toMatchObject({ blurEnabled: false, backgroundEnabled: true });
  });

  it('microphone toggle mutes without unpublishing and tells everyone', async () => {
    const { session, engine, store } = await entered();
    await session.toggleMicrophone();
    expect(engine.calls).toEqual([]);
    expect(engine.messagesOfType('state').at(-1)?.payload.muted).toBe(true);
    expect(store.getState().participants.entities['staff-me']?.muted).toBe(true);
    expect(store.getState().localMedia.microphoneOn).toBe(false);
    await session.toggleMicrophone();
    expect(engine.messagesOfType('state').at(-1)?.payload.muted).toBe(false);
  });
});
