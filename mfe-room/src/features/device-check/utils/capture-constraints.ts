import { CAMERA_CAPTURE } from '@incontra/contracts/constants';

/**
 * What to ask getUserMedia for, best first: the spec's 1280x720 at 24 fps with noise
 * suppression, then whatever the devices give, then each device alone (a laptop without a
 * camera still gets its microphone checked).
 */
export const CAPTURE_LADDER: readonly MediaStreamConstraints[] = [
  {
    video: { width: { ideal: CAMERA_CAPTURE.width }, height: { ideal: CAMERA_CAPTURE.height }, frameRate: { ideal: CAMERA_CAPTURE.frameRate } },
    audio: { noiseSuppression: true },
  },
  { video: true, audio: true },
  { video: true },
  { audio: true },
];

export type CaptureFailure = 'denied' | 'no-devices' | 'busy' | 'unsupported' | 'failed';

/** Refusals end the attempt; a missing or busy device or impossible constraints try the next step. */
export function failureOf(error: unknown): CaptureFailure {
  // DOMException is not an Error subclass everywhere: read the name off any object.
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'no-devices';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'failed';
}
