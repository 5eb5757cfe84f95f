/** The spec's permission model for local media: unknown until the browser answers. */
export type MediaPermission = 'granted' | 'denied' | 'unknown';
export type MediaDevice = 'camera' | 'microphone';
export type MediaPermissions = Record<MediaDevice, MediaPermission>;

export const MEDIA_DEVICES: readonly MediaDevice[] = ['camera', 'microphone'];

export function fromPermissionState(state: PermissionState): MediaPermission {
  if (state === 'granted') return 'granted';
  if (state === 'denied') return 'denied';
  return 'unknown';
}
