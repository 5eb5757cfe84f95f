import { BACKGROUND_EFFECTS } from '@incontra/contracts/constants';
import type { AddProcessorOptions, LocalVideoTrack } from 'twilio-video';
import type { BackgroundEffect } from '../types';
import type { BackgroundProcessor, ProcessorsSdk, VirtualBackgroundProcessor } from './processors-sdk';
import { ProcessingSink } from './processing-sink';

export const NO_EFFECT: BackgroundEffect = { kind: 'none' };

export interface BackgroundEffectsOptions {
  sdk: ProcessorsSdk;
  assetsPath: string;
  loadImage(url: string): Promise<HTMLImageElement>;
  sink?: ProcessingSink;
}

/**
 * Chromium hands processors VideoFrames and takes their output as ImageBitmaps, the cheapest path;
 * elsewhere twilio-video's canvas defaults apply.
 */
function addProcessorOptions(): AddProcessorOptions {
  return typeof VideoFrame === 'function' ? { inputFrameBufferType: 'videoframe', outputFrameBufferContextType: 'bitmaprenderer' } : {};
}

/** Loads a processor's model once; a failed load is forgotten so that the next attempt retries. */
function cachedModel<P extends BackgroundProcessor>(create: () => P, forget: () => void): Promise<P> {
  const processor = create();
  return processor.loadModel().then(
    () => processor,
    (error: unknown) => {
      forget();
      throw error;
    },
  );
}

/**
 * The camera's background effect: blur or a virtual background, one at a time (a track takes a
 * single processor), each processor built and its model loaded once, then reused on every camera
 * track that follows. The chosen effect outlives the track it was put on, so a new camera gets it
 * back.
 */
export class BackgroundEffects {
  private effect: BackgroundEffect = NO_EFFECT;
  private blur: Promise<BackgroundProcessor> | null = null;
  private virtualBackground: Promise<VirtualBackgroundProcessor> | null = null;
  private readonly sink: ProcessingSink;

  constructor(private readonly options: BackgroundEffectsOptions) {
    this.sink = options.sink ?? new ProcessingSink();
  }

  get current(): BackgroundEffect {
    return this.effect;
  }

  /**
   * Makes `effect` the chosen one and puts its processor on `track` (for none, takes it off). The
   * new processor is ready (model loaded, image decoded) before the old one comes off, so a
   * failure leaves the previous effect running. Answers whether the track's processor changed.
   */
  async apply(track: LocalVideoTrack | null, effect: BackgroundEffect): Promise<boolean> {
    const processor = await this.processorFor(effect);
    this.effect = effect;
    return track ? this.mount(track, processor) : false;
  }

  /** Takes the processor off a camera track that goes away; the effect stays chosen. */
  release(track: LocalVideoTrack): void {
    if (track.processor) track.removeProcessor(track.processor);
    this.sink.detach();
  }

  dispose(): void {
    this.sink.dispose();
  }

  private mount(track: LocalVideoTrack, processor: BackgroundProcessor | null): boolean {
    const current = track.processor;
    const changed = current !== processor;
    // One processor per track ('A VideoProcessor has already been added.'): the old one first.
    if (changed && current) track.removeProcessor(current);
    if (changed && processor) track.addProcessor(processor, addProcessorOptions());
    if (processor) this.sink.attach(track);
    else this.sink.detach();
    return changed;
  }

  private processorFor(effect: BackgroundEffect): Promise<BackgroundProcessor | null> {
    if (effect.kind === 'blur') return this.blurProcessor();
    if (effect.kind === 'image') return this.virtualBackgroundFor(effect.imageUrl);
    return Promise.resolve(null);
  }

  private blurProcessor(): Promise<BackgroundProcessor> {
    const { sdk, assetsPath } = this.options;
    this.blur ??= cachedModel(
      () =>
        sdk.createBlur({
          assetsPath,
          maskBlurRadius: BACKGROUND_EFFECTS.blurMaskBlurRadius,
          blurFilterRadius: BACKGROUND_EFFECTS.blurFilterRadius,
        }),
      () => {
        this.blur = null;
      },
    );
    return this.blur;
  }

  private async virtualBackgroundFor(url: string): Promise<VirtualBackgroundProcessor> {
    const { sdk, assetsPath, loadImage } = this.options;
    const image = await loadImage(url);
    this.virtualBackground ??= cachedModel(
      () => sdk.createVirtualBackground({ assetsPath, maskBlurRadius: BACKGROUND_EFFECTS.virtualBackgroundMaskBlurRadius, backgroundImage: image }),
      () => {
        this.virtualBackground = null;
      },
    );
    const processor = await this.virtualBackground;
    // The processor swaps its image in place: no second model load, no processor change.
    processor.backgroundImage = image;
    return processor;
  }
}
