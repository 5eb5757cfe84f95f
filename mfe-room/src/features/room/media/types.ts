import type { LocalAudioTrack, LocalVideoTrack } from 'twilio-video';

export type MediaPermission = 'granted' | 'denied' | 'unknown';

/** What local media failed with, in words the UI turns into Italian. */
export type MediaFailure = 'permission-denied' | 'device-busy' | 'no-device' | 'unsupported' | 'unknown';

export type BackgroundEffect = { kind: 'none' } | { kind: 'blur' } | { kind: 'image'; imageUrl: string };

export interface LocalMediaSnapshot {
  camera: LocalVideoTrack | null;
  microphone: LocalAudioTrack | null;
  /** Screen share, as raw tracks (the engines publish them as `screen` / `screen-audio`). */
  screen: MediaStreamTrack | null;
  screenAudio: MediaStreamTrack | null;
  cameraPermission: MediaPermission;
  microphonePermission: MediaPermission;
  blurEnabled: boolean;
  backgroundEnabled: boolean;
  /** Whether background effects can run here (checked once at start). */
  effectsSupported: boolean;
  /**
   * Added by LocalMediaController, which always fills them (optional only so that hand-made
   * snapshots in tests need not): whether the microphone is enabled (not muted), the virtual
   * background's image, and why the last capture of each device failed (null once it works).
   */
  microphoneEnabled?: boolean;
  backgroundImageUrl?: string | null;
  cameraFailure?: MediaFailure | null;
  microphoneFailure?: MediaFailure | null;
}

export interface LocalMediaEvents {
  /** Any field of the snapshot changed (permissions announce their changes through it). */
  changed: (snapshot: LocalMediaSnapshot) => void;
  /** The camera track was replaced (new device, restarted); blur is already re-applied. */
  cameraReplaced: (track: LocalVideoTrack) => void;
  microphoneReplaced: (track: LocalAudioTrack) => void;
  /** The browser ended the screen share (its own "stop sharing" button). */
  screenEnded: () => void;
  /** The processor on the camera changed (effect on/off): the engine must send the new output. */
  cameraProcessorChanged: (track: LocalVideoTrack) => void;
}
