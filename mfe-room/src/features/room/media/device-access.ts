import { localMediaErrorOf } from './media-failure';
import type { PermissionDevice } from './permission-watch';
import type { MediaFailure, MediaPermission } from './types';

/**
 * What the browser lets this page do with each device. A permission is unknown until a capture
 * succeeds (granted) or is refused (denied), spec section 4; the failure is why the device's last
 * capture failed, null once one works.
 */
export class DeviceAccess {
  readonly permissions: Record<PermissionDevice, MediaPermission> = { camera: 'unknown', microphone: 'unknown' };
  readonly failures: Record<PermissionDevice, MediaFailure | null> = { camera: null, microphone: null };

  /** Runs one capture and records its outcome; answers null when it failed. */
  async capture<T>(device: PermissionDevice, create: () => Promise<T>): Promise<T | null> {
    try {
      const track = await create();
      this.failures[device] = null;
      this.permissions[device] = 'granted';
      return track;
    } catch (error) {
      const { failure } = localMediaErrorOf(device, error);
      this.failures[device] = failure;
      if (failure === 'permission-denied') this.permissions[device] = 'denied';
      return null;
    }
  }

  /** A change made in the browser's settings; answers whether it is news. */
  setPermission(device: PermissionDevice, permission: MediaPermission): boolean {
    if (this.permissions[device] === permission) return false;
    this.permissions[device] = permission;
    return true;
  }

  /** The browser cannot capture at all (no getUserMedia: old browser or insecure page). */
  markUnsupported(): void {
    this.failures.camera = 'unsupported';
    this.failures.microphone = 'unsupported';
  }
}
