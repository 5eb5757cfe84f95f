import { ERRORS } from '@incontra/contracts/errors';
import { LocalMediaError, mediaFailureOf } from './media-failure';

export type DisplayMediaSource = Partial<Pick<MediaDevices, 'getDisplayMedia'>>;

interface ScreenCapture {
  video: MediaStreamTrack;
  audio: MediaStreamTrack | null;
}

/**
 * Asks the browser for a screen, window or tab, with its sound when the browser offers it.
 * Answers null when the user closes the picker (nothing to publish); throws 'Screen sharing not
 * supported' where the browser has no getDisplayMedia.
 */
async function captureScreen(devices: DisplayMediaSource | null | undefined): Promise<ScreenCapture | null> {
  if (typeof devices?.getDisplayMedia !== 'function') throw new Error(ERRORS.screenSharingNotSupported);
  let stream: MediaStream;
  try {
    stream = await devices.getDisplayMedia({ video: true, audio: true });
  } catch (error) {
    // Closing the picker is a NotAllowedError too: a choice, not a failure to report.
    if (mediaFailureOf(error) === 'permission-denied') return null;
    throw new LocalMediaError('screen', mediaFailureOf(error), error);
  }
  const [video] = stream.getVideoTracks();
  if (!video) {
    stream.getTracks().forEach((track) => track.stop());
    return null;
  }
  // Text on a shared screen must stay legible: the encoder keeps resolution over frame rate.
  video.contentHint = 'detail';
  return { video, audio: stream.getAudioTracks()[0] ?? null };
}

/** The current screen share: one at a time, a new one replacing the old. */
export class ScreenShare {
  private current: (ScreenCapture & { stopListening(): void }) | null = null;

  /** `onEnded`: the browser ended the share (its own "stop sharing" button ends the video track). */
  constructor(private readonly onEnded: () => void) {}

  get video(): MediaStreamTrack | null {
    return this.current?.video ?? null;
  }

  get audio(): MediaStreamTrack | null {
    return this.current?.audio ?? null;
  }

  /** Answers whether a share started (false: the picker was closed, or `accept` said no). */
  async start(devices: DisplayMediaSource | null | undefined, accept: () => boolean): Promise<boolean> {
    const capture = await captureScreen(devices);
    if (!capture) return false;
    if (!accept()) {
      capture.video.stop();
      capture.audio?.stop();
      return false;
    }
    this.stop();
    const ended = () => {
      if (this.current?.video !== capture.video) return;
      this.stop();
      this.onEnded();
    };
    capture.video.addEventListener('ended', ended);
    this.current = { ...capture, stopListening: () => capture.video.removeEventListener('ended', ended) };
    return true;
  }

  /** Answers whether there was a share to stop. */
  stop(): boolean {
    if (!this.current) return false;
    const { video, audio, stopListening } = this.current;
    stopListening();
    video.stop();
    audio?.stop();
    this.current = null;
    return true;
  }
}
