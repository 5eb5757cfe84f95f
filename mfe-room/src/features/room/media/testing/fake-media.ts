import { ERRORS } from '@incontra/contracts/errors';
import type { CreateLocalAudioTrackOptions, CreateLocalTrackOptions, LocalAudioTrack, LocalVideoTrack, VideoProcessor } from 'twilio-video';
import type { BackgroundProcessor, BlurOptions, ProcessorsSdk, VirtualBackgroundOptions, VirtualBackgroundProcessor } from '../effects/processors-sdk';
import type { TwilioMediaApi } from '../twilio-media';

/**
 * Test doubles for local media (jsdom has no media stack): MediaStreamTracks, twilio-video's local
 * tracks with their one-processor rule, the track factories and the background processors. Shared
 * by the tests of the media controller, the engines and the room session.
 */
let nextId = 0;

export class FakeMediaStreamTrack extends EventTarget {
  readonly id = `track-${++nextId}`;
  enabled = true;
  readyState: MediaStreamTrackState = 'live';
  contentHint = '';

  constructor(readonly kind: 'audio' | 'video') {
    super();
  }

  stop(): void {
    this.readyState = 'ended';
  }

  /** What the browser does when the user stops a share or unplugs a device. */
  end(): void {
    this.readyState = 'ended';
    this.dispatchEvent(new Event('ended'));
  }

  asTrack(): MediaStreamTrack {
    return this as unknown as MediaStreamTrack;
  }
}

/** What twilio-video's local tracks have in common: on and off, and stopped, both passed on to their MediaStreamTrack. */
class FakeLocalTrack<Kind extends 'audio' | 'video'> {
  readonly mediaStreamTrack: MediaStreamTrack;
  isStopped = false;
  isEnabled = true;

  constructor(readonly kind: Kind) {
    this.mediaStreamTrack = new FakeMediaStreamTrack(kind).asTrack();
  }

  enable(enabled = true): this {
    this.isEnabled = enabled;
    this.mediaStreamTrack.enabled = enabled;
    return this;
  }

  disable(): this {
    return this.enable(false);
  }

  stop(): this {
    this.isStopped = true;
    this.mediaStreamTrack.stop();
    return this;
  }
}

export class FakeLocalVideoTrack extends FakeLocalTrack<'video'> {
  processor: VideoProcessor | null = null;
  processedTrack: MediaStreamTrack | null = null;
  readonly attachments = new Set<HTMLMediaElement>();

  constructor(readonly options: CreateLocalTrackOptions = {}) {
    super('video');
  }

  get name(): string {
    return this.options.name ?? 'camera';
  }

  addProcessor(processor: VideoProcessor): this {
    if (this.processor) throw new Error(ERRORS.processorAlreadyAdded);
    this.processor = processor;
    this.processedTrack = new FakeMediaStreamTrack('video').asTrack();
    return this;
  }

  removeProcessor(processor: VideoProcessor): this {
    if (this.processor === processor) {
      this.processor = null;
      this.processedTrack = null;
    }
    return this;
  }

  attach(element: HTMLMediaElement): HTMLMediaElement {
    this.attachments.add(element);
    return element;
  }

  detach(element: HTMLMediaElement): HTMLMediaElement {
    this.attachments.delete(element);
    return element;
  }

  asTrack(): LocalVideoTrack {
    return this as unknown as LocalVideoTrack;
  }
}

export class FakeLocalAudioTrack extends FakeLocalTrack<'audio'> {
  constructor(readonly options: CreateLocalAudioTrackOptions = {}) {
    super('audio');
  }

  get name(): string {
    return this.options.name ?? 'audio';
  }

  attach(element: HTMLMediaElement): HTMLMediaElement {
    return element;
  }

  detach(element: HTMLMediaElement): HTMLMediaElement {
    return element;
  }

  asTrack(): LocalAudioTrack {
    return this as unknown as LocalAudioTrack;
  }
}

export const fakeOf = (track: LocalVideoTrack | null | undefined) => track as unknown as FakeLocalVideoTrack;
export const fakeAudioOf = (track: LocalAudioTrack | null | undefined) => track as unknown as FakeLocalAudioTrack;

/** twilio-video's factories: every call recorded, failures queued with `failNext*`. */
export class FakeTwilioMedia implements TwilioMediaApi {
  readonly videoTracks: FakeLocalVideoTrack[] = [];
  readonly audioTracks: FakeLocalAudioTrack[] = [];
  readonly videoCalls: CreateLocalTrackOptions[] = [];
  readonly audioCalls: CreateLocalAudioTrackOptions[] = [];
  private readonly videoFailures: unknown[] = [];
  private readonly audioFailures: unknown[] = [];

  failNextVideo(...errors: unknown[]): void {
    this.videoFailures.push(...errors);
  }

  failNextAudio(...errors: unknown[]): void {
    this.audioFailures.push(...errors);
  }

  async createLocalVideoTrack(options: CreateLocalTrackOptions): Promise<LocalVideoTrack> {
    this.videoCalls.push(options);
    if (this.videoFailures.length > 0) throw this.videoFailures.shift();
    const track = new FakeLocalVideoTrack(options);
    this.videoTracks.push(track);
    return track.asTrack();
  }

  async createLocalAudioTrack(options: CreateLocalAudioTrackOptions): Promise<LocalAudioTrack> {
    this.audioCalls.push(options);
    if (this.audioFailures.length > 0) throw this.audioFailures.shift();
    const track = new FakeLocalAudioTrack(options);
    this.audioTracks.push(track);
    return track.asTrack();
  }
}

export class FakeBackgroundProcessor implements BackgroundProcessor {
  modelLoads = 0;

  constructor(
    readonly kind: 'blur' | 'image',
    readonly options: BlurOptions | VirtualBackgroundOptions,
  ) {}

  async loadModel(): Promise<void> {
    this.modelLoads += 1;
  }

  processFrame(): void {}
}

export class FakeVirtualBackgroundProcessor extends FakeBackgroundProcessor implements VirtualBackgroundProcessor {
  backgroundImage: HTMLImageElement;

  constructor(options: VirtualBackgroundOptions) {
    super('image', options);
    this.backgroundImage = options.backgroundImage;
  }
}

export class FakeProcessorsSdk implements ProcessorsSdk {
  readonly created: FakeBackgroundProcessor[] = [];

  constructor(readonly isSupported = true) {}

  createBlur(options: BlurOptions): BackgroundProcessor {
    const processor = new FakeBackgroundProcessor('blur', options);
    this.created.push(processor);
    return processor;
  }

  createVirtualBackground(options: VirtualBackgroundOptions): VirtualBackgroundProcessor {
    const processor = new FakeVirtualBackgroundProcessor(options);
    this.created.push(processor);
    return processor;
  }
}

/** An image stand-in that remembers its URL (jsdom loads no images). */
export async function fakeLoadImage(url: string): Promise<HTMLImageElement> {
  const image = document.createElement('img');
  image.dataset.url = url;
  return image;
}

export function fakeDisplayStream(withAudio = true): { stream: MediaStream; video: FakeMediaStreamTrack; audio: FakeMediaStreamTrack | null } {
  const video = new FakeMediaStreamTrack('video');
  const audio = withAudio ? new FakeMediaStreamTrack('audio') : null;
  const tracks = audio ? [video, audio] : [video];
  const stream = {
    getVideoTracks: () => [video.asTrack()],
    getAudioTracks: () => (audio ? [audio.asTrack()] : []),
    getTracks: () => tracks.map((track) => track.asTrack()),
  } as unknown as MediaStream;
  return { stream, video, audio };
}
