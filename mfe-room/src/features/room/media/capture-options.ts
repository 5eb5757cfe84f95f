import { CAMERA_CAPTURE, TRACK_NAMES } from '@incontra/contracts/constants';
import type { CreateLocalAudioTrackOptions, CreateLocalTrackOptions } from 'twilio-video';

/**
 * A device the user picked now must be that device (`exact`); one remembered from an earlier
 * visit may be gone, and the browser then falls back to another.
 */
function deviceConstraint(deviceId: string | undefined, exact: boolean): Pick<MediaTrackConstraints, 'deviceId'> {
  if (!deviceId) return {};
  return { deviceId: exact ? { exact: deviceId } : deviceId };
}

/** The spec's camera: 1280x720 at 24 fps, published as `camera`. */
export function cameraOptions(deviceId: string | undefined, exact: boolean): CreateLocalTrackOptions {
  return { ...CAMERA_CAPTURE, name: TRACK_NAMES.camera, ...deviceConstraint(deviceId, exact) };
}

/** The spec's microphone: noise suppression on, published as `audio`. */
export function microphoneOptions(deviceId: string | undefined, exact: boolean): CreateLocalAudioTrackOptions {
  return { noiseSuppression: true, name: TRACK_NAMES.audio, ...deviceConstraint(deviceId, exact) };
}
