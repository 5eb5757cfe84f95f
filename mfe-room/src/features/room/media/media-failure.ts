import type { MediaFailure } from './types';

export type CaptureSource = 'camera' | 'microphone' | 'screen';

function errorName(error: unknown): string {
  // DOMException is not an Error subclass everywhere: read the name off any object.
  return typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
}

/**
 * Why a capture failed. Browsers disagree on names: TrackStartError, PermissionDeniedError,
 * DevicesNotFoundError and ConstraintNotSatisfiedError are older Chrome's and Firefox's words for
 * the standard ones; Chrome answers AbortError when another application holds the camera.
 */
export function mediaFailureOf(error: unknown): MediaFailure {
  switch (errorName(error)) {
    case 'NotAllowedError':
    case 'SecurityError':
    case 'PermissionDeniedError':
      return 'permission-denied';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'device-busy';
    case 'NotFoundError':
    case 'OverconstrainedError':
    case 'DevicesNotFoundError':
    case 'ConstraintNotSatisfiedError':
      return 'no-device';
    case 'NotSupportedError':
      return 'unsupported';
    default:
      return 'unknown';
  }
}

/** A capture that failed, classified; `cause` keeps the browser's own error. */
export class LocalMediaError extends Error {
  override readonly name = 'LocalMediaError';

  constructor(
    readonly source: CaptureSource,
    readonly failure: MediaFailure,
    cause?: unknown,
  ) {
    super(`${source}: ${failure}`, { cause });
  }
}

export function localMediaErrorOf(source: CaptureSource, error: unknown): LocalMediaError {
  return error instanceof LocalMediaError ? error : new LocalMediaError(source, mediaFailureOf(error), error);
}
