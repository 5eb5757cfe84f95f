import { TRACK_NAMES, type TrackName } from '@incontra/contracts/constants';
import type { PublishableTrack, VideoEngine } from '../engine/types';
import type { RoomStore } from '../store/room-store';
import type { TrackRegistry } from '../store/track-registry';
import type { LocalMediaPort } from './local-media-port';
import { hideLocalTrack, showLocalTrack } from './local-tracks';
import { TrackPublisher } from './track-publisher';

export interface LocalPublishingOptions {
  engine: VideoEngine;
  media: LocalMediaPort;
  store: RoomStore;
  tracks: TrackRegistry;
  identity: string;
  sleep: (ms: number) => Promise<void>;
}

/**
 * The participant's own microphone, camera and screen in the room (spec section 4): what the
 * toggles do, and what follows a device change, an effect change or the end of a screen share.
 * The store and the registry show exactly what is published.
 */
export class LocalPublishing {
  private readonly publisher: TrackPublisher;
  private readonly media: LocalMediaPort;

  constructor(private readonly options: LocalPublishingOptions) {
    this.publisher = new TrackPublisher(options.engine, options.sleep);
    this.media = options.media;
  }

  /** Tracks the engine published while connecting. */
  adopt(tracks: ReadonlyArray<{ name: TrackName; track: PublishableTrack }>): void {
    for (const { name, track } of tracks) {
      this.publisher.adopt(name, track);
      this.show(name, track);
    }
  }

  /** Muting keeps the microphone published (the others learn it from `state`). */
  async toggleMicrophone(): Promise<void> {
    const { microphone, microphoneEnabled } = this.media.snapshot();
    if (!microphone) return;
    this.media.setMicrophoneEnabled(!(microphoneEnabled ?? microphone.isEnabled));
    if (!this.publisher.get(TRACK_NAMES.audio)) await this.publish(TRACK_NAMES.audio, microphone);
  }

  /** Off: unpublished, then released. On: captured again, then published. */
  async toggleCamera(): Promise<void> {
    if (this.media.snapshot().camera || this.publisher.get(TRACK_NAMES.camera)) {
      await this.unpublish(TRACK_NAMES.camera);
      await this.media.setCameraEnabled(false);
      return;
    }
    await this.media.setCameraEnabled(true);
    const camera = this.media.snapshot().camera;
    if (camera) await this.publish(TRACK_NAMES.camera, camera);
  }

  async toggleScreenShare(): Promise<void> {
    if (this.media.snapshot().screen || this.publisher.get(TRACK_NAMES.screen)) {
      await this.stopScreen();
      return;
    }
    await this.media.startScreenShare();
    const { screen, screenAudio } = this.media.snapshot();
    // Nothing obtained (the picker was cancelled): nothing to publish.
    if (!screen) return;
    try {
      await this.publish(TRACK_NAMES.screen, { kind: 'video', mediaStreamTrack: screen });
      if (screenAudio) await this.publish(TRACK_NAMES.screenAudio, { kind: 'audio', mediaStreamTrack: screenAudio });
    } catch (error) {
      // Shown to no one: the capture must not go on looking shared.
      await this.stopScreen().catch(() => undefined);
      throw error;
    }
  }

  /** The screen share ended (here or by the browser's own button): cleared and unpublished. */
  async stopScreen(): Promise<void> {
    this.media.stopScreenShare();
    await this.unpublish(TRACK_NAMES.screen);
    await this.unpublish(TRACK_NAMES.screenAudio);
  }

  /** The camera's effect changed: the engine sends the processor's output (or raw frames again). */
  async processorChanged(): Promise<void> {
    const published = this.publisher.get(TRACK_NAMES.camera);
    if (!published) return;
    await this.publisher.refresh(TRACK_NAMES.camera);
    this.show(TRACK_NAMES.camera, published);
  }

  /** A new camera or microphone track (device change, camera back on): replaces the published one. */
  async publish(name: TrackName, track: PublishableTrack): Promise<void> {
    try {
      if (await this.publisher.publish(name, track)) this.show(name, track);
    } catch (error) {
      if (!this.publisher.get(name)) this.hide(name);
      throw error;
    }
  }

  private async unpublish(name: TrackName): Promise<void> {
    await this.publisher.unpublish(name);
    this.hide(name);
  }

  private show(name: TrackName, track: PublishableTrack): void {
    showLocalTrack(this.options.store, this.options.tracks, this.options.identity, name, track);
  }

  private hide(name: TrackName): void {
    hideLocalTrack(this.options.store, this.options.tracks, this.options.identity, name);
  }
}
