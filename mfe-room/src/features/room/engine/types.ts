import type { JoinRoomResponse, ParticipantRole, VideoProvider } from '@incontra/contracts/api/video-room';
import type { TrackName } from '@incontra/contracts/constants';
import type { DataMessage } from '@incontra/contracts/room/data-messages';

/** Spec section 4: connecting → connected ⇄ reconnecting → disconnected (final). */
export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';
/** The room as the UI sees it once entered. */
export type RoomState = 'connected' | 'reconnecting' | 'disconnected';

/**
 * What an engine sends. twilio-video's LocalAudioTrack and LocalVideoTrack satisfy it as they are
 * (both engines take local media from twilio-video); a screen capture is wrapped as
 * `{ kind, mediaStreamTrack }`. The local engine sends `processedTrack` when a background
 * processor runs, else `mediaStreamTrack`; the Twilio engine publishes the twilio track itself.
 */
export interface PublishableTrack {
  readonly kind: 'audio' | 'video';
  readonly mediaStreamTrack: MediaStreamTrack;
  readonly processedTrack?: MediaStreamTrack | null;
}

export interface RemoteParticipantInfo {
  identity: string;
  displayName: string;
  /** Server-stamped (signalling announcement, or the identity's prefix for Twilio). */
  role: ParticipantRole;
}

export type LeaveReason = 'left' | 'kicked' | 'lost';
/** Why the server put this participant out of the room. */
export type RemovalReason = 'kicked' | 'room-full' | 'unauthorized';

export interface EngineEvents {
  connectionStateChanged: (state: ConnectionState) => void;
  participantConnected: (participant: RemoteParticipantInfo) => void;
  participantDisconnected: (identity: string, reason: LeaveReason) => void;
  trackSubscribed: (identity: string, name: TrackName, track: MediaStreamTrack) => void;
  trackUnsubscribed: (identity: string, name: TrackName) => void;
  /** A data message, already parsed with dataMessageSchema; `from` is the sender's server-known identity. */
  dataReceived: (from: string, message: DataMessage) => void;
  removed: (reason: RemovalReason) => void;
}

export type Unsubscribe = () => void;

/**
 * One interface, two engines (`local`: RTCPeerConnection mesh; `twilio`: twilio-video). Engines
 * are thin: the spec's room rules (publish order, 53304 retry, mute from staff, cleanup) live in
 * the room session above them, written once.
 */
export interface VideoEngine {
  readonly provider: VideoProvider;
  readonly connectionState: ConnectionState;
  /** Connects and publishes `tracks` plus a data track/channel. Rejects when the room refuses. */
  connect(join: JoinRoomResponse, tracks: ReadonlyArray<{ name: TrackName; track: PublishableTrack }>): Promise<void>;
  /** Leaves the room; final. */
  disconnect(): void;
  /** Rejects with an error carrying `code` (Twilio's numeric codes) when the provider refuses. */
  publish(name: TrackName, track: PublishableTrack): Promise<void>;
  unpublish(name: TrackName): Promise<void>;
  /** The processor of a published video track changed: send what the track now produces. */
  refresh(name: TrackName): Promise<void>;
  /** To everyone, or to one identity. Throws 'LocalDataTrack not initialized' before connect. */
  send(message: DataMessage, to?: string): void;
  on<E extends keyof EngineEvents>(event: E, listener: EngineEvents[E]): Unsubscribe;
}
