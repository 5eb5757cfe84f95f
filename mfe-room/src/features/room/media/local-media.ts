import type { LocalAudioTrack, LocalVideoTrack } from 'twilio-video';
import { cameraOptions, microphoneOptions } from './capture-options';
import { BackgroundEffects, NO_EFFECT } from './effects/background-effects';
import { processorAssetsPath } from './effects/assets-path';
import { loadImage as loadImageElement } from './effects/load-image';
import { loadProcessorsSdk, type ProcessorsSdk } from './effects/processors-sdk';
import { Emitter } from './emitter';
import { DeviceAccess } from './device-access';
import { LocalMediaError } from './media-failure';
import { watchPermissions, type PermissionDevice, type PermissionsSource } from './permission-watch';
import { ScreenShare, type DisplayMediaSource } from './screen-share';
import { loadTwilioMedia, type TwilioMediaApi } from './twilio-media';
import type { BackgroundEffect, LocalMediaEvents, LocalMediaSnapshot } from './types';

export interface LocalMediaControllerOptions {
  /** twilio-video's track factories; loaded on start by default. */
  twilio?: TwilioMediaApi;
  /** @twilio/video-processors; loaded on start by default; null: effects unavailable. */
  processors?: ProcessorsSdk | null;
  /** Defaults to navigator.mediaDevices (absent outside secure contexts). */
  mediaDevices?: (DisplayMediaSource & Partial<Pick<MediaDevices, 'getUserMedia'>>) | null;
  /** Defaults to navigator.permissions. */
  permissions?: PermissionsSource | null;
  assetsPath?: string;
  loadImage?: (url: string) => Promise<HTMLImageElement>;
}

export interface StartOptions {
  cameraDeviceId?: string;
  microphoneDeviceId?: string;
}

const browserMediaDevices = () => (typeof navigator === 'undefined' ? undefined : navigator.mediaDevices);
const browserPermissions = () => (typeof navigator === 'undefined' ? undefined : navigator.permissions);

/**
 * The participant's own camera, microphone, screen and background effect, the same for both
 * engines. It captures and releases; publishing is the room session's business, told through
 * events. Camera, microphone and effect changes run one at a time, in call order.
 */
export class LocalMediaController {
  private readonly emitter = new Emitter<LocalMediaEvents>();
  private camera: LocalVideoTrack | null = null;
  private microphone: LocalAudioTrack | null = null;
  private readonly screen = new ScreenShare(() => {
    this.announce();
    this.emitter.emit('screenEnded');
  });
  private readonly access = new DeviceAccess();
  private deviceIds: Record<PermissionDevice, string | undefined> = { camera: undefined, microphone: undefined };
  private effects: BackgroundEffects | null = null;
  private twilio: TwilioMediaApi | null;
  private started: Promise<void> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  /** Bumped by stop(): a capture that was under way when it ran is released on arrival. */
  private generation = 0;
  private disposed = false;
  private stopWatchingPermissions: () => void = () => undefined;
  private current: LocalMediaSnapshot;

  constructor(private readonly options: LocalMediaControllerOptions = {}) {
    this.twilio = options.twilio ?? null;
    this.current = this.buildSnapshot();
  }

  snapshot(): LocalMediaSnapshot {
    return this.current;
  }

  on<E extends keyof LocalMediaEvents>(event: E, listener: LocalMediaEvents[E]): () => void {
    return this.emitter.on(event, listener);
  }

  /**
   * Loads twilio-video and the processors, then captures camera and microphone side by side: one
   * failing leaves the other working (audio-only, or video without sound). Never rejects for a
   * capture: failures and permissions are in the snapshot. Called again, answers the first start.
   */
  start(options: StartOptions = {}): Promise<void> {
    this.started ??= this.serial(async () => {
      this.deviceIds = { camera: options.cameraDeviceId, microphone: options.microphoneDeviceId };
      const [twilio, sdk] = await Promise.all([this.twilioApi(), this.processorsSdk()]);
      if (this.disposed) return;
      if (sdk?.isSupported) {
        this.effects = new BackgroundEffects({
          sdk,
          assetsPath: this.options.assetsPath ?? processorAssetsPath(),
          loadImage: this.options.loadImage ?? loadImageElement,
        });
      }
      this.stopWatchingPermissions = watchPermissions(this.options.permissions ?? browserPermissions(), (device, permission) => {
        if (this.access.setPermission(device, permission)) this.announce();
      });
      if (typeof this.mediaDevices()?.getUserMedia !== 'function') {
        this.access.markUnsupported();
        this.announce();
        return;
      }
      const generation = this.generation;
      const [camera, microphone] = await Promise.all([
        this.access.capture('camera', () => twilio.createLocalVideoTrack(cameraOptions(this.deviceIds.camera, false))),
        this.access.capture('microphone', () => twilio.createLocalAudioTrack(microphoneOptions(this.deviceIds.microphone, false))),
      ]);
      if (this.isStale(generation, camera, microphone)) return;
      this.camera = camera;
      this.microphone = microphone;
      this.announce();
    });
    return this.started;
  }

  /** Mutes or unmutes: the microphone stays captured and published. */
  setMicrophoneEnabled(enabled: boolean): void {
    if (!this.microphone || this.microphone.isEnabled === enabled) return;
    this.microphone.enable(enabled);
    this.announce();
  }

  /**
   * Off: the camera is released (its light goes off). On: a new camera track, the chosen effect
   * already on it → `cameraReplaced`; rejects with a LocalMediaError when it cannot be captured.
   */
  setCameraEnabled(enabled: boolean): Promise<void> {
    return this.serial(async () => {
      if (!enabled) {
        if (this.camera) this.dropCamera();
        return;
      }
      if (this.camera) return;
      await this.replaceCamera(this.deviceIds.camera, false);
    });
  }

  /**
   * A new camera track from that device → `cameraReplaced`. A failure rejects with a
   * LocalMediaError and keeps the old camera; with the camera off, only remembers the device.
   */
  changeCamera(deviceId: string): Promise<void> {
    return this.serial(async () => {
      this.deviceIds.camera = deviceId;
      if (this.camera) await this.replaceCamera(deviceId, true);
    });
  }

  /** A new microphone track, muted if the old one was → `microphoneReplaced`. */
  changeMicrophone(deviceId: string): Promise<void> {
    return this.serial(async () => {
      this.deviceIds.microphone = deviceId;
      const old = this.microphone;
      const twilio = await this.twilioApi();
      const generation = this.generation;
      const create = () => twilio.createLocalAudioTrack(microphoneOptions(deviceId, true));
      const track = await this.captureReplacing('microphone', create, old);
      if (this.isStale(generation, track)) return;
      if (old && !old.isEnabled) track.disable();
      if (old && old !== track) old.stop();
      this.microphone = track;
      this.announce();
      this.emitter.emit('microphoneReplaced', track);
    });
  }

  /**
   * Shares a screen, window or tab (replacing a share under way). Resolves without a share when the
   * user closes the picker; rejects with 'Screen sharing not supported' where the browser cannot.
   * When the browser ends it (its own button): cleared, then `screenEnded`.
   */
  async startScreenShare(): Promise<void> {
    if (await this.screen.start(this.mediaDevices(), () => !this.disposed)) this.announce();
  }

  stopScreenShare(): void {
    if (this.screen.stop()) this.announce();
  }

  /** Blur on (taking a virtual background off), or off when it is on. */
  toggleBlur(): Promise<void> {
    return this.serial(() => this.applyEffect(this.effect().kind === 'blur' ? NO_EFFECT : { kind: 'blur' }));
  }

  /** A virtual background (taking blur off), or none with null. The caller owns an upload's object URL. */
  setBackgroundImage(url: string | null): Promise<void> {
    return this.serial(async () => {
      if (url === null && this.effect().kind !== 'image') return;
      await this.applyEffect(url === null ? NO_EFFECT : { kind: 'image', imageUrl: url });
    });
  }

  /** Releases camera, microphone and screen (quitting releases them before leaving the room). */
  stop(): void {
    this.generation += 1;
    this.stopScreenShare();
    if (this.camera) this.dropCamera();
    if (this.microphone) {
      this.microphone.stop();
      this.microphone = null;
      this.announce();
    }
  }

  dispose(): void {
    if (this.disposed) return;
    this.stop();
    this.disposed = true;
    this.stopWatchingPermissions();
    this.effects?.dispose();
    this.emitter.clear();
  }

  private mediaDevices(): LocalMediaControllerOptions['mediaDevices'] {
    return this.options.mediaDevices === undefined ? browserMediaDevices() : this.options.mediaDevices;
  }

  private effect(): BackgroundEffect {
    return this.effects?.current ?? NO_EFFECT;
  }

  private async applyEffect(effect: BackgroundEffect): Promise<void> {
    if (!this.effects) throw new LocalMediaError('camera', 'unsupported');
    const camera = this.camera;
    const changed = await this.effects.apply(camera, effect);
    // stop() may have released the camera while the model loaded.
    const current = camera !== null && this.camera === camera;
    if (camera && !current) this.effects.release(camera);
    this.announce();
    if (changed && current) this.emitter.emit('cameraProcessorChanged', camera);
  }

  private async replaceCamera(deviceId: string | undefined, exact: boolean): Promise<void> {
    const twilio = await this.twilioApi();
    const generation = this.generation;
    const create = () => twilio.createLocalVideoTrack(cameraOptions(deviceId, exact));
    const track = await this.captureReplacing('camera', create, this.camera);
    if (this.isStale(generation, track)) return;
    const old = this.camera;
    // Stopped before its processor comes off, so the unprocessed background is never sent.
    if (old) {
      old.stop();
      this.effects?.release(old);
    }
    this.camera = track;
    if (this.effects && this.effect().kind !== 'none') {
      // The processor is cached and its model loaded: a failure here is unexpected; the camera
      // then goes on without an effect rather than not at all.
      await this.effects.apply(track, this.effect()).catch(() => this.effects?.apply(track, NO_EFFECT));
    }
    this.announce();
    this.emitter.emit('cameraReplaced', track);
  }

  /**
   * Captures a replacement while the old track still runs, so a failure keeps the old one. Some
   * devices (phones) open one camera at a time and answer "busy": the old track is then released
   * and the capture tried once more. Rejects with a LocalMediaError.
   */
  private async captureReplacing<T extends LocalVideoTrack | LocalAudioTrack>(device: PermissionDevice, create: () => Promise<T>, old: T | null): Promise<T> {
    const first = await this.access.capture(device, create);
    if (first) return first;
    if (this.access.failures[device] === 'device-busy' && old) {
      if (device === 'camera') this.dropCamera();
      else {
        old.stop();
        this.microphone = null;
      }
      const second = await this.access.capture(device, create);
      if (second) return second;
    }
    this.announce();
    throw new LocalMediaError(device, this.access.failures[device] ?? 'unknown');
  }

  private dropCamera(): void {
    const camera = this.camera;
    if (!camera) return;
    camera.stop();
    this.effects?.release(camera);
    this.camera = null;
    this.announce();
  }

  /** A capture that finished after stop() or dispose(): released at once, never adopted. */
  private isStale(generation: number, ...tracks: Array<{ stop(): void } | null>): boolean {
    if (generation === this.generation && !this.disposed) return false;
    tracks.forEach((track) => track?.stop());
    return true;
  }

  private async twilioApi(): Promise<TwilioMediaApi> {
    this.twilio ??= await loadTwilioMedia();
    return this.twilio;
  }

  private async processorsSdk(): Promise<ProcessorsSdk | null> {
    if (this.options.processors !== undefined) return this.options.processors;
    // Without the processors the room still works, only without effects.
    return loadProcessorsSdk().catch(() => null);
  }

  private serial<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.queue.then(operation);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private announce(): void {
    if (this.disposed) return;
    this.current = this.buildSnapshot();
    this.emitter.emit('changed', this.current);
  }

  private buildSnapshot(): LocalMediaSnapshot {
    const effect = this.effect();
    const { permissions, failures } = this.access;
    return {
      camera: this.camera,
      microphone: this.microphone,
      screen: this.screen.video,
      screenAudio: this.screen.audio,
      cameraPermission: permissions.camera,
      microphonePermission: permissions.microphone,
      blurEnabled: effect.kind === 'blur',
      backgroundEnabled: effect.kind === 'image',
      effectsSupported: this.effects !== null,
      microphoneEnabled: this.microphone?.isEnabled ?? false,
      backgroundImageUrl: effect.kind === 'image' ? effect.imageUrl : null,
      cameraFailure: failures.camera,
      microphoneFailure: failures.microphone,
    };
  }
}
