import type { WebinarJoin } from '@incontra/contracts/api/webinars';
import type { ConnectOptions, LocalParticipant, RemoteParticipant, RemoteTrack, RemoteTrackPublication, Room } from 'twilio-video';
import { Emitter } from '../../../room/media/emitter';
import { EMPTY_VIEW, type LiveMedia, type MediaView, type PresenterFeed, type Roster } from '../live-media';

/** The one twilio-video function this engine needs; tests hand in a stand-in. */
export interface TwilioVideoApi {
  connect(token: string, options: ConnectOptions): Promise<Room>;
}

/** twilio-video arrives in its own chunk when a webinar on Twilio starts, never with the route's code. */
export async function loadTwilioVideo(): Promise<TwilioVideoApi> {
  const video = await import(/* webpackChunkName: "twilio-video" */ 'twilio-video');
  return { connect: (token, options) => video.connect(token, options) };
}

/** Tracks are told apart by the names they are published under. */
type TrackName = 'camera' | 'microphone' | 'screen' | 'voice';
const TRACK_NAMES: readonly TrackName[] = ['camera', 'microphone', 'screen', 'voice'];

/** A lost room is joined again after this, growing to the maximum. */
export const TWILIO_RETRY_MS = { first: 1000, max: 10_000 } as const;

export interface TwilioLiveMediaOptions {
  twilio: NonNullable<WebinarJoin['twilio']>;
  /** Tells the live session which participant this browser is in the room as (`media-joined`); false when it could not be sent. */
  report(participant: string): boolean;
  load?: () => Promise<TwilioVideoApi>;
}

/**
 * A webinar's media in a Twilio group room. The browser connects subscribing to nothing and
 * tells the live session its participant; the API then sets what it receives (the presenters and
 * the speaker's voice), so the page shows whatever Twilio delivers: a presenter's `camera`,
 * `screen` and `microphone`, the speaker's `voice`. A presenter publishes its camera, microphone
 * and shared screen; the viewer invited to speak, its voice. A room lost is joined again.
 */
export class TwilioLiveMedia implements LiveMedia {
  private readonly events = new Emitter<{ changed: () => void }>();
  private room: Room | null = null;
  private reported = false;
  private roster: Roster | null = null;
  private readonly local: Record<TrackName, MediaStreamTrack | null> = { camera: null, microphone: null, screen: null, voice: null };
  /** What this browser publishes now, by name. */
  private readonly published = new Map<TrackName, MediaStreamTrack>();
  /** Tracks received, by participant identity (its seat) and track name. */
  private readonly received = new Map<string, Map<string, MediaStreamTrack>>();
  /** Publishing and unpublishing one at a time, in order. */
  private publishing: Promise<void> = Promise.resolve();
  private current: MediaView = EMPTY_VIEW;
  private closed = false;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;

  constructor(private readonly options: TwilioLiveMediaOptions) {
    void this.connect();
  }

  get view(): MediaView {
    return this.current;
  }

  onChange(listener: () => void): () => void {
    return this.events.on('changed', listener);
  }

  sync(roster: Roster): void {
    if (this.closed) return;
    this.roster = roster;
    this.report();
    this.changed();
  }

  rejoined(): void {
    // Twilio puts out the participant an identity's new connection replaces.
  }

  handleSignal(): void {
    // Media signalling goes to Twilio directly on this engine.
  }

  setLocalTracks(camera: MediaStreamTrack | null, microphone: MediaStreamTrack | null, screen: MediaStreamTrack | null = null): void {
    Object.assign(this.local, { camera, microphone, screen });
    this.reconcileLocal();
  }

  setVoice(track: MediaStreamTrack | null): void {
    // Publishing needs no grant here: the API's subscribe rules decide who hears it.
    this.local.voice = track;
    this.reconcileLocal();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const room = this.room;
    this.room = null;
    room?.removeAllListeners();
    room?.disconnect();
    this.received.clear();
    this.published.clear();
    this.current = EMPTY_VIEW;
    this.events.emit('changed');
    this.events.clear();
  }

  private async connect(): Promise<void> {
    try {
      const video = await (this.options.load ?? loadTwilioVideo)();
      if (this.closed) return;
      const room = await video.connect(this.options.twilio.token, {
        name: this.options.twilio.room,
        tracks: [],
        audio: false,
        video: false,
        automaticSubscription: false,
      });
      if (this.closed) {
        room.disconnect();
        return;
      }
      this.room = room;
      this.attempts = 0;
      this.reported = false;
      room.on('trackSubscribed', (track: RemoteTrack, publication: RemoteTrackPublication, participant: RemoteParticipant) =>
        this.subscribed(track, publication, participant),
      );
      room.on('trackUnsubscribed', (_track: RemoteTrack, publication: RemoteTrackPublication, participant: RemoteParticipant) =>
        this.unsubscribed(publication, participant),
      );
      room.on('participantDisconnected', (participant: RemoteParticipant) => {
        this.received.delete(participant.identity);
        this.changed();
      });
      room.on('disconnected', () => this.lost(room));
      this.report();
      this.published.clear();
      this.reconcileLocal();
    } catch {
      this.lost(null);
    }
  }

  /** The room gone (or never reached): everything received goes, and the room is joined again. */
  private lost(room: Room | null): void {
    if (this.closed || (room && this.room !== room)) return;
    this.room?.removeAllListeners();
    this.room = null;
    this.received.clear();
    this.published.clear();
    this.changed();
    const delay = Math.min(TWILIO_RETRY_MS.max, TWILIO_RETRY_MS.first * 2 ** this.attempts);
    this.attempts += 1;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (!this.closed) void this.connect();
    }, delay);
  }

  /** The participant told to the live session once per room joined (again after the socket was down). */
  private report(): void {
    if (!this.room || this.reported) return;
    this.reported = this.options.report(this.room.localParticipant.sid);
  }

  private subscribed(track: RemoteTrack, publication: RemoteTrackPublication, participant: RemoteParticipant): void {
    if (track.kind === 'data' || !TRACK_NAMES.includes(publication.trackName as TrackName)) return;
    const tracks = this.received.get(participant.identity) ?? new Map<string, MediaStreamTrack>();
    tracks.set(publication.trackName, track.mediaStreamTrack);
    this.received.set(participant.identity, tracks);
    this.changed();
  }

  private unsubscribed(publication: RemoteTrackPublication, participant: RemoteParticipant): void {
    this.received.get(participant.identity)?.delete(publication.trackName);
    this.changed();
  }

  /** What is published made what the page asks for, one change at a time. */
  private reconcileLocal(): void {
    this.publishing = this.publishing.then(async () => {
      const participant = this.room?.localParticipant;
      if (!participant || this.closed) return;
      for (const name of TRACK_NAMES) await this.publishOne(participant, name, this.local[name]);
    });
  }

  private async publishOne(participant: LocalParticipant, name: TrackName, wanted: MediaStreamTrack | null): Promise<void> {
    const sent = this.published.get(name) ?? null;
    if (sent === wanted) return;
    if (sent) {
      participant.unpublishTrack(sent);
      this.published.delete(name);
    }
    if (!wanted) return;
    try {
      await participant.publishTrack(wanted, { name });
      this.published.set(name, wanted);
    } catch {
      // Not published (the room went meanwhile): the next room joined publishes it.
    }
  }

  private changed(): void {
    if (this.closed) return;
    const presenters: PresenterFeed[] = [];
    const sounds: MediaStreamTrack[] = [];
    for (const attendee of this.roster?.attendees ?? []) {
      if (attendee.role !== 'presenter') continue;
      const tracks = this.received.get(attendee.seat);
      presenters.push({ seat: attendee.seat, name: attendee.name, video: tracks?.get('camera') ?? null, screen: tracks?.get('screen') ?? null });
      const microphone = tracks?.get('microphone');
      if (microphone) sounds.push(microphone);
    }
    const speaker = this.roster?.speaker?.seat;
    const voice = speaker && speaker !== this.roster?.self.seat ? this.received.get(speaker)?.get('voice') : undefined;
    if (voice) sounds.push(voice);
    this.current = { presenters, sounds };
    this.events.emit('changed');
  }
}
