import { CAMERA_CAPTURE } from '@incontra/contracts/constants';
import { mediaFailureOf } from '../../room/media/media-failure';
import type { MediaFailure } from '../../room/media/types';

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

const CAPTURE_FAILURE: Record<MediaFailure, CaptureFailure> = {
  'permission-denied': 'denied',
  'no-device': 'no-devices',
  'device-busy': 'busy',
  unsupported: 'unsupported',
  unknown: 'failed',
};

/**
 * Refusals end the attempt; a missing or busy device or impossible constraints try the next step.
 * The classification is the room's local media's own, in this page's words.
 */
export function failureOf(error: unknown): CaptureFailure {
  return CAPTURE_FAILURE[mediaFailureOf(error)];
}
