import { BACKGROUND_EFFECTS } from '@incontra/contracts/constants';
import { ERRORS } from '@incontra/contracts/errors';
import { LocalMediaController, type LocalMediaControllerOptions } from './local-media';
import { LocalMediaError } from './media-failure';
import { FakeProcessorsSdk, FakeTwilioMedia, fakeAudioOf, fakeDisplayStream, fakeLoadImage, fakeOf, type FakeBackgroundProcessor } from './testing/fake-media';
import type { LocalMediaSnapshot } from './types';

const domError = (name: string) => new DOMException(name, name);

function setup(overrides: Partial<LocalMediaControllerOptions> = {}) {
  const twilio = new FakeTwilioMedia();
  const processors = new FakeProcessorsSdk();
  const getDisplayMedia = jest.fn<Promise<MediaStream>, [DisplayMediaStreamOptions?]>();
  const controller = new LocalMediaController({
    twilio,
    processors,
    mediaDevices: { getUserMedia: jest.fn(), getDisplayMedia },
    permissions: null,
    assetsPath: '/mfe/room/processors/',
    loadImage: fakeLoadImage,
    ...overrides,
  });
  const snapshots: LocalMediaSnapshot[] = [];
  controller.on('changed', (snapshot) => snapshots.push(snapshot));
  return { controller, twilio, processors, getDisplayMedia, snapshots };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('LocalMediaController: capture and permissions', () => {
  it('captures the spec camera and microphone and grants both permissions', async () => {
    const { controller, twilio, snapshots } = setup();
    expect(controller.snapshot()).toMatchObject({ cameraPermission: 'unknown', microphonePermission: 'unknown', camera: null });

    await controller.start({ cameraDeviceId: 'cam-1' });

    expect(twilio.videoCalls).toEqual([{ width: 1280, height: 720, frameRate: 24, name: 'camera', deviceId: 'cam-1' }]);
    expect(twilio.audioCalls).toEqual([{ noiseSuppression: true, name: 'audio' }]);
    const snapshot = controller.snapshot();
    expect(snapshot).toMatchObject({
      cameraPermission: 'granted',
      microphonePermission: 'granted',
      effectsSupported: true,
      microphoneEnabled: true,
      cameraFailure: null,
      microphoneFailure: null,
    });
    expect(snapshot.camera).toBe(twilio.videoTracks[0]);
    expect(snapshot.microphone).toBe(twilio.audioTracks[0]);
    expect(snapshots.at(-1)).toBe(snapshot);
  });

  it('goes on audio-only when the camera is refused, and marks only the camera denied', async () => {
    const { controller, twilio } = setup();
    twilio.failNextVideo(domError('NotAllowedError'));

    await controller.start();

    expect(controller.snapshot()).toMatchObject({
      camera: null,
      cameraPermission: 'denied',
      cameraFailure: 'permission-denied',
      microphonePermission: 'granted',
      microphoneFailure: null,
    });
    expect(controller.snapshot().microphone).not.toBeNull();
  });

  it('goes on without sound when only the microphone fails', async () => {
    const { controller, twilio } = setup();
    twilio.failNextAudio(domError('SecurityError'));

    await controller.start();

    expect(controller.snapshot()).toMatchObject({ microphone: null, microphonePermission: 'denied', cameraPermission: 'granted' });
  });

  it.each([
    ['NotReadableError', 'device-busy'],
    ['TrackStartError', 'device-busy'],
    ['NotFoundError', 'no-device'],
    ['OverconstrainedError', 'no-device'],
    ['NotSupportedError', 'unsupported'],
    ['WhateverError', 'unknown'],
  ])('classifies %s as %s and leaves the permission unknown', async (name, failure) => {
    const { controller, twilio } = setup();
    twilio.failNextVideo(domError(name));

    await controller.start();

    expect(controller.snapshot()).toMatchObject({ cameraFailure: failure, cameraPermission: 'unknown' });
  });

  it('reports both devices unsupported where the browser cannot capture', async () => {
    const { controller, twilio } = setup({ mediaDevices: null });

    await controller.start();

    expect(twilio.videoCalls).toHaveLength(0);
    expect(controller.snapshot()).toMatchObject({ cameraFailure: 'unsupported', microphoneFailure: 'unsupported' });
  });

  it('announces permission changes made in the browser settings during the call', async () => {
    const camera = Object.assign(new EventTarget(), { state: 'granted' as PermissionState });
    const microphone = Object.assign(new EventTarget(), { state: 'granted' as PermissionState });
    const query = jest.fn(async ({ name }: PermissionDescriptor) => (name === 'camera' ? camera : microphone) as unknown as PermissionStatus);
    const { controller, snapshots } = setup({ permissions: { query } });
    await controller.start();

    camera.state = 'denied';
    camera.dispatchEvent(new Event('change'));

    expect(snapshots.at(-1)).toMatchObject({ cameraPermission: 'denied', microphonePermission: 'granted' });
  });

  it('mutes and unmutes the same microphone track', async () => {
    const { controller } = setup();
    await controller.start();
    const microphone = controller.snapshot().microphone;

    controller.setMicrophoneEnabled(false);
    expect(controller.snapshot()).toMatchObject({ microphone, microphoneEnabled: false });
    expect(fakeAudioOf(microphone).isStopped).toBe(false);

    controller.setMicrophoneEnabled(true);
    expect(controller.snapshot().microphoneEnabled).toBe(true);
  });

  it('releases the camera when turned off and captures a new one when turned on', async () => {
    const { controller, twilio } = setup();
    await controller.start();
    const replaced = jest.fn();
    controller.on('cameraReplaced', replaced);
    const first = twilio.videoTracks[0];

    await controller.setCameraEnabled(false);
    expect(first?.isStopped).toBe(true);
    expect(controller.snapshot().camera).toBeNull();

    await controller.setCameraEnabled(true);
    expect(controller.snapshot().camera).toBe(twilio.videoTracks[1]);
    expect(replaced).toHaveBeenCalledWith(twilio.videoTracks[1]);
  });

  it('rejects turning the camera on when the capture fails', async () => {
    const { controller, twilio } = setup();
    await controller.start();
    await controller.setCameraEnabled(false);
    twilio.failNextVideo(domError('NotReadableError'));

    await expect(controller.setCameraEnabled(true)).rejects.toMatchObject({ failure: 'device-busy', source: 'camera' });
    expect(controller.snapshot()).toMatchObject({ camera: null, cameraFailure: 'device-busy' });
  });

  it('changes the microphone keeping it muted, and announces the new track', async () => {
    const { controller, twilio } = setup();
    await controller.start();
    controller.setMicrophoneEnabled(false);
    const replaced = jest.fn();
    controller.on('microphoneReplaced', replaced);

    await controller.changeMicrophone('mic-2');

    expect(twilio.audioCalls.at(-1)).toMatchObject({ deviceId: { exact: 'mic-2' }, noiseSuppression: true });
    const next = twilio.audioTracks[1];
    expect(replaced).toHaveBeenCalledWith(next);
    expect(next?.isEnabled).toBe(false);
    expect(twilio.audioTracks[0]?.isStopped).toBe(true);
  });

  it('keeps the old camera when the new one cannot be opened', async () => {
    const { controller, twilio } = setup();
    await controller.start();
    twilio.failNextVideo(domError('NotFoundError'));

    await expect(controller.changeCamera('gone')).rejects.toBeInstanceOf(LocalMediaError);
    expect(controller.snapshot().camera).toBe(twilio.videoTracks[0]);
    expect(twilio.videoTracks[0]?.isStopped).toBe(false);
  });

  it('releases the old camera and retries when the device is busy (one camera at a time)', async () => {
    const { controller, twilio } = setup();
    await controller.start();
    twilio.failNextVideo(domError('NotReadableError'));

    await controller.changeCamera('back');

    expect(twilio.videoTracks[0]?.isStopped).toBe(true);
    expect(controller.snapshot().camera).toBe(twilio.videoTracks[1]);
  });

  it('releases audio, video and screen on stop', async () => {
    const { controller, twilio, getDisplayMedia } = setup();
    await controller.start();
    const display = fakeDisplayStream();
    getDisplayMedia.mockResolvedValue(display.stream);
    await controller.startScreenShare();

    controller.stop();

    expect(twilio.videoTracks[0]?.isStopped).toBe(true);
    expect(twilio.audioTracks[0]?.isStopped).toBe(true);
    expect(display.video.readyState).toBe('ended');
    expect(display.audio?.readyState).toBe('ended');
    expect(controller.snapshot()).toMatchObject({ camera: null, microphone: null, screen: null, screenAudio: null });
  });

  it('releases tracks that arrive after dispose', async () => {
    const twilio = new FakeTwilioMedia();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let requested = false;
    const slow = {
      createLocalVideoTrack: async (options: Parameters<FakeTwilioMedia['createLocalVideoTrack']>[0]) => {
        requested = true;
        await gate;
        return twilio.createLocalVideoTrack(options);
      },
      createLocalAudioTrack: (options: Parameters<FakeTwilioMedia['createLocalAudioTrack']>[0]) => twilio.createLocalAudioTrack(options),
    };
    const { controller } = setup({ twilio: slow });
    const started = controller.start();
    while (!requested) await Promise.resolve();

    controller.dispose();
    release();
    await started;

    expect(twilio.videoTracks[0]?.isStopped).toBe(true);
    expect(twilio.audioTracks[0]?.isStopped).toBe(true);
    expect(controller.snapshot().camera).toBeNull();
  });
});

describe('LocalMediaController: screen share', () => {
  it('throws "Screen sharing not supported" without getDisplayMedia', async () => {
    const { controller } = setup({ mediaDevices: { getUserMedia: jest.fn() } });

    await expect(controller.startScreenShare()).rejects.toThrow(ERRORS.screenSharingNotSupported);
  });

  it('asks for the screen with its audio and exposes both tracks', async () => {
    const { controller, getDisplayMedia } = setup();
    const display = fakeDisplayStream();
    getDisplayMedia.mockResolvedValue(display.stream);

    await controller.startScreenShare();

    expect(getDisplayMedia).toHaveBeenCalledWith({ video: true, audio: true });
    expect(controller.snapshot().screen).toBe(display.video);
    expect(controller.snapshot().screenAudio).toBe(display.audio);
    expect(display.video.contentHint).toBe('detail');
  });

  it('clears the share and emits screenEnded when the browser ends it', async () => {
    const { controller, getDisplayMedia } = setup();
    const display = fakeDisplayStream();
    getDisplayMedia.mockResolvedValue(display.stream);
    await controller.startScreenShare();
    const ended = jest.fn();
    controller.on('screenEnded', ended);

    display.video.end();

    expect(ended).toHaveBeenCalledTimes(1);
    expect(display.audio?.readyState).toBe('ended');
    expect(controller.snapshot()).toMatchObject({ screen: null, screenAudio: null });
  });

  it('stops a share on request without reporting it as ended by the browser', async () => {
    const { controller, getDisplayMedia } = setup();
    const display = fakeDisplayStream(false);
    getDisplayMedia.mockResolvedValue(display.stream);
    await controller.startScreenShare();
    const ended = jest.fn();
    controller.on('screenEnded', ended);

    controller.stopScreenShare();
    display.video.end();

    expect(ended).not.toHaveBeenCalled();
    expect(controller.snapshot().screen).toBeNull();
  });

  it('resolves with no screen when the user closes the picker', async () => {
    const { controller, getDisplayMedia } = setup();
    getDisplayMedia.mockRejectedValue(domError('NotAllowedError'));

    await controller.startScreenShare();

    expect(controller.snapshot().screen).toBeNull();
  });
});

describe('LocalMediaController: background effects', () => {
  const processorOf = (processors: FakeProcessorsSdk, kind: 'blur' | 'image') =>
    processors.created.find((processor) => processor.kind === kind) as FakeBackgroundProcessor;

  it('builds the processors with the spec radii and the remote assets path', async () => {
    const { controller, processors } = setup();
    await controller.start();

    await controller.toggleBlur();
    await controller.setBackgroundImage('/mfe/room/backgrounds/sea.png');

    expect(processorOf(processors, 'blur').options).toEqual({
      assetsPath: '/mfe/room/processors/',
      maskBlurRadius: BACKGROUND_EFFECTS.blurMaskBlurRadius,
      blurFilterRadius: BACKGROUND_EFFECTS.blurFilterRadius,
    });
    expect(processorOf(processors, 'image').options).toMatchObject({
      assetsPath: '/mfe/room/processors/',
      maskBlurRadius: BACKGROUND_EFFECTS.virtualBackgroundMaskBlurRadius,
    });
  });

  it('keeps blur and background exclusive; a second blur press turns it off', async () => {
    const { controller, processors, twilio } = setup();
    await controller.start();
    const camera = twilio.videoTracks[0];
    const processed = jest.fn();
    controller.on('cameraProcessorChanged', processed);

    await controller.toggleBlur();
    const blur = processorOf(processors, 'blur');
    expect(camera?.processor).toBe(blur);
    expect(controller.snapshot()).toMatchObject({ blurEnabled: true, backgroundEnabled: false });

    await controller.setBackgroundImage('/backgrounds/sea.png');
    const background = processorOf(processors, 'image');
    expect(camera?.processor).toBe(background);
    expect(controller.snapshot()).toMatchObject({ blurEnabled: false, backgroundEnabled: true, backgroundImageUrl: '/backgrounds/sea.png' });

    await controller.toggleBlur();
    expect(camera?.processor).toBe(blur);
    expect(controller.snapshot()).toMatchObject({ blurEnabled: true, backgroundEnabled: false, backgroundImageUrl: null });

    await controller.toggleBlur();
    expect(camera?.processor).toBeNull();
    expect(controller.snapshot()).toMatchObject({ blurEnabled: false, backgroundEnabled: false });

    expect(processed).toHaveBeenCalledTimes(4);
    expect(processed).toHaveBeenLastCalledWith(camera);
    expect(blur.modelLoads).toBe(1);
    expect(background.modelLoads).toBe(1);
  });

  it('swaps the background image in place, without a processor change', async () => {
    const { controller, processors, twilio } = setup();
    await controller.start();
    await controller.setBackgroundImage('/backgrounds/sea.png');
    const processed = jest.fn();
    controller.on('cameraProcessorChanged', processed);

    await controller.setBackgroundImage('blob:upload-1');

    const background = processorOf(processors, 'image') as FakeBackgroundProcessor & { backgroundImage: HTMLImageElement };
    expect(background.backgroundImage.dataset.url).toBe('blob:upload-1');
    expect(twilio.videoTracks[0]?.processor).toBe(background);
    expect(processed).not.toHaveBeenCalled();
    expect(processors.created).toHaveLength(1);

    await controller.setBackgroundImage(null);
    expect(twilio.videoTracks[0]?.processor).toBeNull();
  });

  it('keeps the camera attached to an off-screen element while an effect is on', async () => {
    const { controller, twilio } = setup();
    await controller.start();
    const camera = twilio.videoTracks[0];

    await controller.toggleBlur();
    const sink = document.querySelector<HTMLVideoElement>('video[data-role="processing-sink"]');
    expect(sink).not.toBeNull();
    expect(sink?.muted).toBe(true);
    expect(sink?.style.display).not.toBe('none');
    expect(camera?.attachments.has(sink as HTMLVideoElement)).toBe(true);

    await controller.toggleBlur();
    expect(camera?.attachments.size).toBe(0);
  });

  it('re-applies blur to a new camera before announcing it', async () => {
    const { controller, processors, twilio } = setup();
    await controller.start();
    await controller.toggleBlur();
    const blur = processorOf(processors, 'blur');
    const seen: unknown[] = [];
    controller.on('cameraReplaced', (track) => seen.push(fakeOf(track).processor));

    await controller.changeCamera('cam-2');

    const [old, next] = twilio.videoTracks;
    expect(seen).toEqual([blur]);
    expect(next?.processor).toBe(blur);
    expect(old?.isStopped).toBe(true);
    expect(old?.processor).toBeNull();
    expect(blur.modelLoads).toBe(1);
  });

  it('keeps the effect chosen while the camera is off and puts it on the next camera', async () => {
    const { controller, processors, twilio } = setup();
    await controller.start();
    await controller.setCameraEnabled(false);

    await controller.toggleBlur();
    expect(controller.snapshot()).toMatchObject({ camera: null, blurEnabled: true });

    await controller.setCameraEnabled(true);
    expect(twilio.videoTracks[1]?.processor).toBe(processorOf(processors, 'blur'));
  });

  it('reports effects unsupported and refuses them when the processors cannot run', async () => {
    const { controller } = setup({ processors: new FakeProcessorsSdk(false) });
    await controller.start();

    expect(controller.snapshot().effectsSupported).toBe(false);
    await expect(controller.toggleBlur()).rejects.toMatchObject({ failure: 'unsupported' });
  });

  it('leaves the previous effect running when a model fails to load, and retries later', async () => {
    const processors = new FakeProcessorsSdk();
    const createBlur = processors.createBlur.bind(processors);
    let failures = 1;
    processors.createBlur = (options) => {
      const processor = createBlur(options);
      const load = processor.loadModel.bind(processor);
      processor.loadModel = async () => {
        if (failures-- > 0) throw new Error('model unavailable');
        return load();
      };
      return processor;
    };
    const { controller, twilio } = setup({ processors });
    await controller.start();
    await controller.setBackgroundImage('/backgrounds/sea.png');

    await expect(controller.toggleBlur()).rejects.toThrow('model unavailable');
    expect(controller.snapshot()).toMatchObject({ backgroundEnabled: true, blurEnabled: false });

    await controller.toggleBlur();
    expect(controller.snapshot().blurEnabled).toBe(true);
    expect(fakeOf(twilio.videoTracks[0]?.asTrack()).processor).not.toBeNull();
  });
});
