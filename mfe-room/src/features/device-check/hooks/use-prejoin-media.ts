import { useCallback, useEffect, useRef, useState } from 'react';
import type { MediaFailure } from '../../room/media/types';
import { useMediaSnapshot, type MediaSnapshotSource } from './use-media-snapshot';

/** What the pre-join does with the local media controller (LocalMediaController satisfies it). */
export interface PrejoinMedia extends MediaSnapshotSource {
  /** Never rejects for a capture: failures and permissions land in the snapshot. */
  start(options?: { cameraDeviceId?: string; microphoneDeviceId?: string }): Promise<void>;
  setCameraEnabled(enabled: boolean): Promise<void>;
  /** Mutes or unmutes: the microphone stays captured, and enters the room as it is. */
  setMicrophoneEnabled(enabled: boolean): void;
  changeCamera(deviceId: string): Promise<void>;
  changeMicrophone(deviceId: string): Promise<void>;
  toggleBlur(): Promise<void>;
  setBackgroundImage(url: string | null): Promise<void>;
}

/** The worst of two failures: a refusal needs the user's action, a missing device does not. */
const SEVERITY: Record<MediaFailure, number> = { 'permission-denied': 4, 'device-busy': 3, 'no-device': 2, unsupported: 1, unknown: 0 };

function worst(...failures: Array<MediaFailure | null | undefined>): MediaFailure | null {
  return failures.reduce<MediaFailure | null>((found, next) => (next && (!found || SEVERITY[next] > SEVERITY[found]) ? next : found), null);
}

/**
 * Starts camera and microphone for the preview (once: the room takes the same tracks over), and
 * asks again for whichever is missing on `retry`. `starting` is true until the first answer.
 */
export function usePrejoinMedia(media: PrejoinMedia) {
  const snapshot = useMediaSnapshot(media);
  const [starting, setStarting] = useState(true);
  const [retrying, setRetrying] = useState(false);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    setStarting(true);
    media.start().finally(() => {
      if (alive.current) setStarting(false);
    });
    return () => {
      alive.current = false;
    };
  }, [media]);

  /** `camera: false` leaves a camera turned off by choice as it is. */
  const retry = useCallback(
    ({ camera = true }: { camera?: boolean } = {}) => {
      const current = media.snapshot();
      setRetrying(true);
      // Each capture rejects when it fails again; the snapshot already says why.
      const attempts = [
        current.camera || !camera ? null : media.setCameraEnabled(true).catch(() => undefined),
        current.microphone ? null : media.changeMicrophone('').catch(() => undefined),
      ];
      void Promise.all(attempts).finally(() => {
        if (alive.current) setRetrying(false);
      });
    },
    [media],
  );

  const ignoreFailure = () => undefined;
  return {
    snapshot,
    busy: starting || retrying,
    starting,
    failure: worst(snapshot.cameraFailure, snapshot.microphoneFailure),
    retry,
    changeCamera: (deviceId: string) => void media.changeCamera(deviceId).catch(ignoreFailure),
    changeMicrophone: (deviceId: string) => void media.changeMicrophone(deviceId).catch(ignoreFailure),
  };
}
