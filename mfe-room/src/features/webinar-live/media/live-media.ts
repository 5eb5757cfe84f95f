import type { SignalPayload } from '@incontra/contracts/realtime/signalling';
import type { WebinarAttendee } from '@incontra/contracts/realtime/webinar-live';

/** Who is in the session as far as media goes: oneself, the others present (as the welcome and the news say), the speaker. */
export interface Roster {
  self: WebinarAttendee;
  attendees: readonly WebinarAttendee[];
  speaker: WebinarAttendee | null;
}

/** A presenter as the stage shows them: the camera, and the shared screen while it flows. */
export interface PresenterFeed {
  seat: string;
  name: string;
  video: MediaStreamTrack | null;
  screen: MediaStreamTrack | null;
}

/** What one participant sees and hears of the others. */
export interface MediaView {
  presenters: PresenterFeed[];
  /** Every remote sound to play (presenters' microphones, the speaker's voice). */
  sounds: MediaStreamTrack[];
}

export const EMPTY_VIEW: MediaView = { presenters: [], sounds: [] };

/**
 * A webinar's media, whatever carries it: the built-in mesh (signalling over the live socket) or
 * an SFU. The page tells it who is present and what it sends; it tells the page what to show.
 */
export interface LiveMedia {
  readonly view: MediaView;
  onChange(listener: () => void): () => void;
  /** The roster changed (welcome, joined, left, speaker). */
  sync(roster: Roster): void;
  /** `seat` joined again (a reloaded page, another browser): its old connection is over. */
  rejoined(seat: string): void;
  /** A mesh signal relayed by the live session (SFU engines ignore them). */
  handleSignal(from: string, data: SignalPayload): void;
  /** A presenter's camera, microphone and shared screen (null: none). */
  setLocalTracks(camera: MediaStreamTrack | null, microphone: MediaStreamTrack | null, screen?: MediaStreamTrack | null): void;
  /**
   * A viewer's voice while invited to speak (null when the turn ends), with the grant the session
   * gave for the turn where the engine needs one to publish (Janus).
   */
  setVoice(track: MediaStreamTrack | null, grant?: string | null): void;
  close(): void;
}
