import type { SignalPayload } from '@incontra/contracts/realtime/signalling';
import type { WebinarAttendee } from '@incontra/contracts/realtime/webinar-live';
import { Emitter } from '../../room/media/emitter';
import type { LiveMedia, MediaView, PresenterFeed, Roster } from './live-media';
import { EMPTY_VIEW } from './live-media';
import { MeshLink, SECTION, type Section } from './mesh-link';

export interface MeshMediaOptions {
  /** Relays a signal to `to` through the live session. */
  send: (to: string, data: SignalPayload) => void;
  createPeerConnection?: (config: RTCConfiguration) => RTCPeerConnection;
  iceServers?: RTCIceServer[];
}

const browserPeerConnection = (config: RTCConfiguration) => new RTCPeerConnection(config);

/**
 * The built-in engine's webinar media: every presenter holds one connection to each participant
 * present and sends its camera and microphone on it; viewers only receive. The viewer invited to
 * speak sends its voice to every presenter, and one presenter — the relay, the present presenter
 * with the lowest seat id, so every presenter agrees on it without a word — passes that voice on
 * to the other viewers. A shared screen goes in a section of its own, sending only while shared.
 * Between two presenters the lower seat offers.
 */
export class MeshMedia implements LiveMedia {
  private readonly events = new Emitter<{ changed: () => void }>();
  private readonly links = new Map<string, MeshLink>();
  private readonly send: MeshMediaOptions['send'];
  private readonly createPeerConnection: (config: RTCConfiguration) => RTCPeerConnection;
  private readonly iceServers: RTCIceServer[];
  private roster: Roster | null = null;
  private camera: MediaStreamTrack | null = null;
  private microphone: MediaStreamTrack | null = null;
  private voice: MediaStreamTrack | null = null;
  private screen: MediaStreamTrack | null = null;
  private closed = false;
  private current: MediaView = EMPTY_VIEW;

  constructor(options: MeshMediaOptions) {
    this.send = options.send;
    this.createPeerConnection = options.createPeerConnection ?? browserPeerConnection;
    this.iceServers = options.iceServers ?? [];
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
    const present = new Set(roster.attendees.map((attendee) => attendee.seat));
    for (const [seat, link] of this.links) {
      if (present.has(seat)) continue;
      link.close();
      this.links.delete(seat);
    }
    if (roster.self.role === 'presenter') {
      for (const attendee of roster.attendees) {
        if (!this.links.has(attendee.seat) && this.offersTo(attendee)) this.open(attendee, true);
      }
    }
    this.relay();
    this.changed();
  }

  /**
   * `seat` opened a new socket: a reloaded page has no connection any more, a blip still has it,
   * and the two look alike from here. The offering end starts afresh (a blip costs a moment of
   * video); the answering end waits, and replaces its connection when an offer comes from a new
   * one (its certificate's fingerprint).
   */
  rejoined(seat: string): void {
    const link = this.links.get(seat);
    if (!link || !this.roster || this.roster.self.role !== 'presenter' || !this.offersTo(link.peer)) return;
    link.close();
    this.links.delete(seat);
    this.sync(this.roster);
  }

  handleSignal(from: string, data: SignalPayload): void {
    if (this.closed || !this.roster) return;
    let link = this.links.get(from);
    if (link?.isFromAnotherConnection(data)) {
      link.close();
      this.links.delete(from);
      link = undefined;
    }
    if (!link) {
      // Only an offer starts a connection; a stray answer or candidate belongs to one that is gone.
      if (!('description' in data) || data.description.type !== 'offer') return;
      const peer = this.roster.attendees.find((attendee) => attendee.seat === from);
      if (!peer || (this.roster.self.role === 'viewer' && peer.role !== 'presenter')) return;
      link = this.open(peer, false);
    }
    link.handleSignal(data);
  }

  setLocalTracks(camera: MediaStreamTrack | null, microphone: MediaStreamTrack | null, screen: MediaStreamTrack | null = null): void {
    this.camera = camera;
    this.microphone = microphone;
    this.screen = screen;
    for (const link of this.links.values()) {
      void link.refresh(SECTION.camera);
      void link.refresh(SECTION.microphone);
      void link.refresh(SECTION.screen);
    }
  }

  setVoice(track: MediaStreamTrack | null): void {
    this.voice = track;
    for (const link of this.links.values()) void link.refresh(SECTION.voice);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const link of this.links.values()) link.close();
    this.links.clear();
    this.current = EMPTY_VIEW;
    this.events.emit('changed');
    this.events.clear();
  }

  /** A presenter offers to every viewer, and to the presenters whose seat id is higher than its own. */
  private offersTo(peer: WebinarAttendee): boolean {
    return peer.role === 'viewer' || this.roster!.self.seat < peer.seat;
  }

  private open(peer: WebinarAttendee, offerer: boolean): MeshLink {
    const link: MeshLink = new MeshLink({
      self: this.roster!.self,
      peer,
      offerer,
      createPeerConnection: this.createPeerConnection,
      iceServers: this.iceServers,
      sending: (section) => this.sending(peer, section),
      signal: (data) => this.send(peer.seat, data),
      changed: () => {
        if (this.links.get(peer.seat) !== link) return;
        this.relay();
        this.changed();
      },
    });
    this.links.set(peer.seat, link);
    return link;
  }

  /** What goes to `peer` in a section. */
  private sending(peer: WebinarAttendee, section: Section): MediaStreamTrack | null {
    const roster = this.roster;
    if (!roster) return null;
    if (roster.self.role === 'viewer') return section === SECTION.voice && roster.speaker?.seat === roster.self.seat ? this.voice : null;
    if (section === SECTION.camera) return this.camera;
    if (section === SECTION.microphone) return this.microphone;
    if (section === SECTION.screen) return this.screen;
    // The voice section: the relay passes the speaker's voice on to every other viewer.
    if (peer.role !== 'viewer' || !this.isRelay() || !roster.speaker || roster.speaker.seat === peer.seat) return null;
    return this.links.get(roster.speaker.seat)?.received(SECTION.voice) ?? null;
  }

  private isRelay(): boolean {
    const roster = this.roster;
    if (!roster || roster.self.role !== 'presenter') return false;
    return roster.attendees.every((attendee) => attendee.role !== 'presenter' || attendee.seat > roster.self.seat);
  }

  private relay(): void {
    if (this.roster?.self.role !== 'presenter') return;
    for (const link of this.links.values()) if (link.peer.role === 'viewer') void link.refresh(SECTION.voice);
  }

  private changed(): void {
    if (this.closed || !this.roster) return;
    const roster = this.roster;
    const presenters: PresenterFeed[] = [];
    const sounds: MediaStreamTrack[] = [];
    for (const attendee of roster.attendees) {
      const link = this.links.get(attendee.seat);
      if (attendee.role === 'presenter') {
        presenters.push({
          seat: attendee.seat,
          name: attendee.name,
          video: link?.received(SECTION.camera) ?? null,
          screen: link?.received(SECTION.screen) ?? null,
        });
        const microphone = link?.received(SECTION.microphone);
        if (microphone) sounds.push(microphone);
      }
      // A viewer's voice section carries the speaker (to a presenter, from the viewer; to a viewer, relayed).
      const voice = link?.received(SECTION.voice);
      if (voice && (roster.self.role === 'viewer' || roster.speaker?.seat === attendee.seat)) sounds.push(voice);
    }
    this.current = { presenters, sounds };
    this.events.emit('changed');
  }
}
