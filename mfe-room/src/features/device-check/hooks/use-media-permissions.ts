import { useCallback, useEffect, useState } from 'react';
import { fromPermissionState, MEDIA_DEVICES, type MediaDevice, type MediaPermission, type MediaPermissions } from '../utils/media-permission';

const UNKNOWN: MediaPermissions = { camera: 'unknown', microphone: 'unknown' };

/**
 * Camera and microphone permission. The Permissions API gives the state and its changes where
 * the browser supports these names; capture results (`report`) fill in everywhere else.
 */
export function useMediaPermissions() {
  const [permissions, setPermissions] = useState<MediaPermissions>(UNKNOWN);

  const report = useCallback((device: MediaDevice, permission: MediaPermission) => {
    setPermissions((current) => (current[device] === permission ? current : { ...current, [device]: permission }));
  }, []);

  useEffect(() => {
    const api = typeof navigator === 'undefined' ? undefined : navigator.permissions;
    if (!api?.query) return undefined;
    let active = true;
    const unsubscribers: Array<() => void> = [];

    for (const device of MEDIA_DEVICES) {
      api.query({ name: device }).then(
        (status) => {
          if (!active) return;
          // A first 'prompt' must not undo what a capture already proved (Firefox grants per session).
          setPermissions((current) =>
            status.state === 'prompt' && current[device] !== 'unknown' ? current : { ...current, [device]: fromPermissionState(status.state) },
          );
          const onChange = () => report(device, fromPermissionState(status.state));
          status.addEventListener('change', onChange);
          unsubscribers.push(() => status.removeEventListener('change', onChange));
        },
        // Browsers that do not know the name reject: the capture result will tell instead.
        () => undefined,
      );
    }

    return () => {
      active = false;
      unsubscribers.forEach((unsubscribe) => unsubscribe());
    };
  }, [report]);

  return { permissions, report };
}
