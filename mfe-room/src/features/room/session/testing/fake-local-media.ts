import { ERRORS } from '@incontra/contracts/errors';
import type { LocalAudioTrack, LocalVideoTrack } from 'twilio-video';
import { fakeTrack } from '../../engine/local/testing/fake-peer-connection';
import { Emitter } from '../../media/emitter';
import type { LocalMediaEvents, LocalMediaSnapshot } from '../../media/types';
import type { LocalMediaPort } from '../local-media-port';

interface FakeCamera {
  kind: 'video';
  name: string;
  mediaStreamTrack: MediaStreamTrack;
  processedTrack: MediaStreamTrack | null;
  isEnabled: boolean;
  isStopped: boolean;
}

interface FakeMicrophone {
  kind: 'audio';
  name: string;
  mediaStreamTrack: MediaStreamTrack;
  isEnabled: boolean;
  isStopped: boolean;
}

let cameras = 0;

export function fakeCamera(): LocalVideoTrack {
  const camera: FakeCamera = {
    kind: 'video',
    name: `camera-${++cameras}`,
    mediaStreamTrack: fakeTrack('video', 'camera'),
    processedTrack: null,
    isEnabled: true,
    isStopped: false,
  };
  return camera as unknown as LocalVideoTrack;
}

export function fakeMicrophone(): LocalAudioTrack {
  const microphone: FakeMicrophone = {
    kind: 'audio',
    name: 'microphone',
    mediaStreamTrack: fakeTrack('audio', 'microphone'),
    isEnabled: true,
    isStopped: false,
  };
  return microphone as unknown as LocalAudioTrack;
}

/**
 * LocalMediaController's behaviour as the session sees it (snapshot, events, effects that set a
 * processed track), with test controls to play the browser (`endScreenShare`, `replaceCamera`).
 */
export class FakeLocalMedia implements LocalMediaPort {
  readonly calls: string[] = [];
  screenSupported = true;
  /** What the next screen capture gives: false plays a cancelled picker. */
  screenObtained = true;
  screenWithAudio = false;
  private readonly emitter = new Emitter<LocalMediaEvents>();
  private state: LocalMediaSnapshot;

  constructor(initial: Partial<LocalMediaSnapshot> = {}) {
    this.state = {
      camera: fakeCamera(),
      microphone: fakeMicrophone(),
      screen: null,
      screenAudio: null,
      cameraPermission: 'granted',
      microphonePermission: 'granted',
      blurEnabled: false,
      backgroundEnabled: false,
      effectsSupported: true,
      backgroundImageUrl: null,
      cameraFailure: null,
      microphoneFailure: null,
      ...initial,
    };
    this.state.microphoneEnabled = this.state.microphone?.isEnabled ?? false;
  }

  snapshot(): LocalMediaSnapshot {
    return this.state;
  }

  on<E extends keyof LocalMediaEvents>(event: E, listener: LocalMediaEvents[E]): () => void {
    return this.emitter.on(event, listener);
  }

  setMicrophoneEnabled(enabled: boolean): void {
    this.calls.push(`microphone:${enabled}`);
    const microphone = this.state.microphone as unknown as FakeMicrophone | null;
    if (!microphone || microphone.isEnabled === enabled) return;
    microphone.isEnabled = enabled;
    this.update({ microphoneEnabled: enabled });
  }

  async setCameraEnabled(enabled: boolean): Promise<void> {
    this.calls.push(`camera:${enabled}`);
    await Promise.resolve();
    if (!enabled) {
      if (this.state.camera) this.update({ camera: null });
      return;
    }
    if (this.state.camera) return;
    this.replaceCamera();
  }

  async startScreenShare(): Promise<void> {
    this.calls.push('screen:start');
    if (!this.screenSupported) throw new Error(ERRORS.screenSharingNotSupported);
    await Promise.resolve();
    if (!this.screenObtained) return;
    this.update({ screen: fakeTrack('video', 'screen'), screenAudio: this.screenWithAudio ? fakeTrack('audio', 'screen-audio') : null });
  }

  stopScreenShare(): void {
    this.calls.push('screen:stop');
    if (this.state.screen) this.update({ screen: null, screenAudio: null });
  }

  async toggleBlur(): Promise<void> {
    this.calls.push('blur');
    await Promise.resolve();
    const on = !this.state.blurEnabled;
    this.setEffect(on, false);
  }

  async setBackgroundImage(url: string | null): Promise<void> {
    this.calls.push(`background:${url}`);
    await Promise.resolve();
    this.setEffect(false, url !== null, url);
  }

  async changeMicrophone(deviceId: string): Promise<void> {
    this.calls.push(`change-microphone:${deviceId}`);
    await Promise.resolve();
    const microphone = fakeMicrophone();
    this.update({ microphone, microphoneEnabled: true });
    this.emitter.emit('microphoneReplaced', microphone);
  }

  async changeCamera(deviceId: string): Promise<void> {
    this.calls.push(`change-camera:${deviceId}`);
    await Promise.resolve();
    this.replaceCamera();
  }

  stop(): void {
    this.calls.push('stop');
    this.update({ camera: null, microphone: null, screen: null, screenAudio: null, microphoneEnabled: false });
  }

  /** Test control: the browser's own "stop sharing" button. */
  endScreenShare(): void {
    this.update({ screen: null, screenAudio: null });
    this.emitter.emit('screenEnded');
  }

  /** Test control: a new camera track (device change, restart). */
  replaceCamera(): LocalVideoTrack {
    const camera = fakeCamera();
    this.update({ camera });
    this.emitter.emit('cameraReplaced', camera);
    return camera;
  }

  private setEffect(blur: boolean, background: boolean, url: string | null = null): void {
    const camera = this.state.camera as unknown as FakeCamera | null;
    if (camera) camera.processedTrack = blur || background ? fakeTrack('video', blur ? 'blurred' : 'background') : null;
    this.update({ blurEnabled: blur, backgroundEnabled: background, backgroundImageUrl: url });
    if (this.state.camera) this.emitter.emit('cameraProcessorChanged', this.state.camera);
  }

  private update(changes: Partial<LocalMediaSnapshot>): void {
    this.state = { ...this.state, ...changes };
    this.emitter.emit('changed', this.state);
  }
}
