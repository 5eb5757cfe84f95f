import type { VideoProcessor } from 'twilio-video';

/** What a background processor of @twilio/video-processors offers the controller. */
export interface BackgroundProcessor extends VideoProcessor {
  loadModel(): Promise<void>;
}

export interface VirtualBackgroundProcessor extends BackgroundProcessor {
  backgroundImage: HTMLImageElement;
}

export interface BlurOptions {
  assetsPath: string;
  maskBlurRadius: number;
  blurFilterRadius: number;
}

export interface VirtualBackgroundOptions {
  assetsPath: string;
  maskBlurRadius: number;
  backgroundImage: HTMLImageElement;
}

/** The slice of @twilio/video-processors in use; tests hand in fakes. */
export interface ProcessorsSdk {
  isSupported: boolean;
  createBlur(options: BlurOptions): BackgroundProcessor;
  createVirtualBackground(options: VirtualBackgroundOptions): VirtualBackgroundProcessor;
}

/**
 * The processors arrive in their own chunk when a room's media start (their module probes the
 * canvas as soon as it is evaluated, so it is not evaluated before).
 */
export async function loadProcessorsSdk(): Promise<ProcessorsSdk> {
  const processors = await import(/* webpackChunkName: "video-processors" */ '@twilio/video-processors');
  return {
    isSupported: processors.isSupported,
    createBlur: (options) => new processors.GaussianBlurBackgroundProcessor(options),
    createVirtualBackground: (options) => new processors.VirtualBackgroundProcessor(options),
  };
}
