import type { LocalMediaEvents, LocalMediaSnapshot } from '../media/types';

/**
 * What the room session needs of local media: LocalMediaController (media/local-media.ts)
 * satisfies it, tests hand in a fake.
 */
export interface LocalMediaPort {
  snapshot(): LocalMediaSnapshot;
  on<E extends keyof LocalMediaEvents>(event: E, listener: LocalMediaEvents[E]): () => void;
  setMicrophoneEnabled(enabled: boolean): void;
  /** true captures the camera again if it was released (→ `cameraReplaced`). */
  setCameraEnabled(enabled: boolean): Promise<void>;
  /** Throws 'Screen sharing not supported' where the browser cannot. */
  startScreenShare(): Promise<void>;
  stopScreenShare(): void;
  toggleBlur(): Promise<void>;
  setBackgroundImage(url: string | null): Promise<void>;
  changeMicrophone(deviceId: string): Promise<void> | void;
  changeCamera(deviceId: string): Promise<void> | void;
  /** Releases microphone, camera and screen. */
  stop(): void;
}
