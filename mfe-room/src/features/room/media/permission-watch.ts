import type { MediaPermission } from './types';

export type PermissionDevice = 'camera' | 'microphone';
export type PermissionsSource = Pick<Permissions, 'query'>;

/**
 * Follows later changes of the camera and microphone permissions (the user revokes or grants
 * them in the browser's settings during the call). 'prompt' says nothing about this page's
 * captures, so it is not reported; browsers that do not know these names reject the query and
 * are simply not followed. Answers the function that stops following.
 */
export function watchPermissions(
  permissions: PermissionsSource | null | undefined,
  onChange: (device: PermissionDevice, permission: MediaPermission) => void,
): () => void {
  if (typeof permissions?.query !== 'function') return () => undefined;
  let active = true;
  const stops: Array<() => void> = [];
  for (const device of ['camera', 'microphone'] as const) {
    permissions.query({ name: device as PermissionName }).then(
      (status) => {
        if (!active) return;
        const listener = () => {
          if (status.state === 'granted' || status.state === 'denied') onChange(device, status.state);
        };
        status.addEventListener('change', listener);
        stops.push(() => status.removeEventListener('change', listener));
      },
      () => undefined,
    );
  }
  return () => {
    active = false;
    stops.forEach((stop) => stop());
  };
}
