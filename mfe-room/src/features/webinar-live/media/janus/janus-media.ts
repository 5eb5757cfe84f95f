import type { WebinarJoin } from '@incontra/contracts/api/webinars';
import type { SocketLike } from '@incontra/mfe-kit/realtime/socket-link';
import { Emitter } from '../../../room/media/emitter';
import { EMPTY_VIEW, type LiveMedia, type MediaView, type PresenterFeed, type Roster } from '../live-media';
import { JanusSession, type JanusHandle, type Jsep, type PluginEvent } from './janus-session';

export interface JanusMediaOptions {
  janus: NonNullable<WebinarJoin['janus']>;
  role: WebinarJoin['role'];
  /** Our seat: presenters publish under it (the feed's `display`), so everyone maps feeds to presenters. */
  seat: string;
  createSocket?: (url: string) => SocketLike;
  createPeerConnection?: (config: RTCConfiguration) => RTCPeerConnection;
}

/**
 * While a presenter present has no feed we receive, Janus' participants are listed (viewers get no
 * publisher events): soon after a presenter arrives — its feed follows its arrival by the time it
 * takes to publish — then less and less often, up to the maximum.
 */
export const FEED_POLL_MS = { first: 250, max: 3000 } as const;
/** A lost connection to Janus is opened again after this, growing to the maximum. */
export const JANUS_RETRY_MS = { first: 1000, max: 10_000 } as const;

/** A publisher's id in the room: a string with Janus' `string_ids` (ours), a number otherwise. */
type FeedId = string | number;

const isFeedId = (value: unknown): value is FeedId => typeof value === 'string' || typeof value === 'number';

interface Subscription {
  feed: FeedId;
  seat: string;
  handle: JanusHandle;
  pc: RTCPeerConnection;
}

interface Publisher {
  handle: JanusHandle;
  pc: RTCPeerConnection | null;
  camera: RTCRtpSender | null;
  microphone: RTCRtpSender | null;
  screen: RTCRtpSender | null;
}

const browserPeerConnection = (config: RTCConfiguration) => new RTCPeerConnection(config);

/** What a subscription's connection receives, once negotiated. */
function receivedTracks(pc: RTCPeerConnection | undefined): MediaStreamTrack[] {
  return (pc?.getTransceivers() ?? [])
    .filter((transceiver) => transceiver.currentDirection === 'recvonly' || transceiver.currentDirection === 'sendrecv')
    .map((transceiver) => transceiver.receiver.track);
}

function isSeat(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f-]{36}$/i.test(value);
}

/**
 * A webinar's media through Janus VideoRoom: a presenter publishes its camera and microphone
 * (with the publisher token its join was granted) under its seat id; everyone subscribes to every
 * presenter's feed, one handle and one receive-only PeerConnection each. Viewers get no publisher
 * events from Janus, so they list the room's participants while a presenter present has no feed
 * they receive. The room's pin and token come with the join; no Janus secret reaches the browser.
 * The viewer invited to speak publishes its voice (audio only) with the token the live session
 * granted it for the turn, and everyone subscribes to it like to a presenter's feed.
 */
export class JanusMedia implements LiveMedia {
  private readonly events = new Emitter<{ changed: () => void }>();
  private readonly options: JanusMediaOptions;
  private readonly createPeerConnection: (config: RTCConfiguration) => RTCPeerConnection;
  private session: JanusSession | null = null;
  private control: JanusHandle | null = null;
  private publisher: Publisher | null = null;
  /** The invited viewer's voice, published with the token of its grant while the turn lasts. */
  private voice: { track: MediaStreamTrack; grant: string } | null = null;
  private voicePublisher: { handle: JanusHandle; pc: RTCPeerConnection; grant: string } | null = null;
  private voicePublishing = false;
  private readonly subscriptions = new Map<FeedId, Subscription>();
  /** Feeds being subscribed to (their handle on its way), by feed id: the seat each carries. */
  private readonly subscribing = new Map<FeedId, string>();
  /** Publisher feeds known in the room, by feed id: the seat each carries. */
  private feeds = new Map<FeedId, string>();
  private roster: Roster | null = null;
  private camera: MediaStreamTrack | null = null;
  private microphone: MediaStreamTrack | null = null;
  private screen: MediaStreamTrack | null = null;
  private current: MediaView = EMPTY_VIEW;
  private closed = false;
  private poll: ReturnType<typeof setTimeout> | null = null;
  /** Listings in a row that found a presenter's feed missing (their wait grows with it). */
  private pollRound = 0;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;

  constructor(options: JanusMediaOptions) {
    this.options = options;
    this.createPeerConnection = options.createPeerConnection ?? browserPeerConnection;
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
    const before = new Set(this.roster?.attendees.filter((attendee) => attendee.role === 'presenter').map((attendee) => attendee.seat));
    this.roster = roster;
    // A presenter just arrived: its feed is on its way, look for it soon again.
    if (roster.attendees.some((attendee) => attendee.role === 'presenter' && !before.has(attendee.seat))) this.pollSoon();
    this.reconcile();
    this.schedulePoll();
    this.changed();
  }

  rejoined(seat: string): void {
    // A presenter that came back publishes a new feed: list the room again.
    if (!this.roster?.attendees.some((attendee) => attendee.seat === seat && attendee.role === 'presenter')) return;
    this.pollSoon();
    this.schedulePoll(0);
  }

  handleSignal(): void {
    // Media signalling goes to Janus directly on this engine.
  }

  setLocalTracks(camera: MediaStreamTrack | null, microphone: MediaStreamTrack | null, screen: MediaStreamTrack | null = null): void {
    this.camera = camera;
    this.microphone = microphone;
    const sharing = (this.screen !== null) !== (screen !== null);
    this.screen = screen;
    const publisher = this.publisher;
    if (!publisher) return;
    if (!publisher.pc) {
      void this.publish();
      return;
    }
    void publisher.camera?.replaceTrack(camera);
    void publisher.microphone?.replaceTrack(microphone);
    void publisher.screen?.replaceTrack(screen);
    if (sharing) void this.renegotiate(publisher);
  }

  setVoice(track: MediaStreamTrack | null, grant: string | null = null): void {
    this.voice = track && grant ? { track, grant } : null;
    void this.reconcileVoice();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.clearTimers();
    this.teardown();
    this.current = EMPTY_VIEW;
    this.events.emit('changed');
    this.events.clear();
  }

  private async connect(): Promise<void> {
    const { janus, role, seat } = this.options;
    const session = new JanusSession(janus.url, this.options.createSocket);
    this.session = session;
    session.onLost = () => this.lost(session);
    try {
      await session.open();
      this.control = await session.attach(janus.opaqueId);
      if (role === 'presenter') {
        const handle = await session.attach(janus.opaqueId);
        handle.onEvent = (event) => this.publisherEvent(event);
        const joined = await handle.message({ request: 'join', ptype: 'publisher', room: janus.room, pin: janus.pin, token: janus.token, display: seat });
        this.publisher = { handle, pc: null, camera: null, microphone: null, screen: null };
        this.noteFeeds(joined.data.publishers);
        if (this.camera || this.microphone) await this.publish();
      }
      if (this.session !== session || this.closed) return;
      this.attempts = 0;
      this.reconcile();
      this.schedulePoll(0);
      await this.reconcileVoice();
    } catch {
      if (this.session === session) this.lost(session);
    }
  }

  private lost(session: JanusSession): void {
    if (this.closed || this.session !== session) return;
    this.teardown();
    const delay = Math.min(JANUS_RETRY_MS.max, JANUS_RETRY_MS.first * 2 ** this.attempts);
    this.attempts += 1;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (!this.closed) void this.connect();
    }, delay);
    this.changed();
  }

  private teardown(): void {
    if (this.poll) clearTimeout(this.poll);
    this.poll = null;
    for (const subscription of this.subscriptions.values()) subscription.pc.close();
    this.subscriptions.clear();
    this.subscribing.clear();
    this.publisher?.pc?.close();
    this.publisher = null;
    this.voicePublisher?.pc.close();
    this.voicePublisher = null;
    this.control = null;
    this.feeds = new Map();
    this.session?.close();
    this.session = null;
  }

  private clearTimers(): void {
    if (this.poll) clearTimeout(this.poll);
    if (this.retry) clearTimeout(this.retry);
    this.poll = null;
    this.retry = null;
  }

  private async publish(): Promise<void> {
    const publisher = this.publisher;
    if (!publisher || publisher.pc || this.closed) return;
    const pc = this.createPeerConnection({ iceServers: [] });
    publisher.pc = pc;
    publisher.camera = pc.addTransceiver(this.camera ?? 'video', { direction: 'sendonly' }).sender;
    publisher.microphone = pc.addTransceiver(this.microphone ?? 'audio', { direction: 'sendonly' }).sender;
    // The shared screen: a stream of the same feed, inactive while nothing is shared.
    publisher.screen = pc.addTransceiver(this.screen ?? 'video', { direction: this.screen ? 'sendonly' : 'inactive' }).sender;
    pc.onicecandidate = (event) => publisher.handle.trickle(event.candidate?.toJSON() ?? null);
    try {
      await pc.setLocalDescription();
      const offer = pc.localDescription?.sdp ?? '';
      const answer = await publisher.handle.message({ request: 'publish', audio: true, video: true }, { type: 'offer', sdp: offer });
      if (answer.jsep) await pc.setRemoteDescription(answer.jsep);
    } catch {
      if (this.session) this.lost(this.session);
    }
  }

  /** Sharing started or stopped: the screen's stream sends or goes inactive, told to Janus with `configure`. */
  private async renegotiate(publisher: Publisher): Promise<void> {
    const pc = publisher.pc;
    const screen = pc?.getTransceivers().find((transceiver) => transceiver.sender === publisher.screen);
    if (!pc || !screen) return;
    screen.direction = this.screen ? 'sendonly' : 'inactive';
    try {
      await pc.setLocalDescription();
      const answer = await publisher.handle.message({ request: 'configure' }, { type: 'offer', sdp: pc.localDescription?.sdp ?? '' });
      if (answer.jsep) await pc.setRemoteDescription(answer.jsep);
    } catch {
      if (this.session) this.lost(this.session);
    }
  }

  private publisherEvent({ data }: PluginEvent): void {
    this.noteFeeds(data.publishers);
    const gone = data.unpublished ?? data.leaving;
    if (isFeedId(gone)) {
      this.feeds.delete(gone);
      this.reconcile();
    }
  }

  private noteFeeds(publishers: unknown): void {
    if (!Array.isArray(publishers)) return;
    for (const entry of publishers as { id?: unknown; display?: unknown }[]) {
      if (isFeedId(entry.id) && isSeat(entry.display)) this.feeds.set(entry.id, entry.display);
    }
    this.reconcile();
  }

  /** Lists the room's publishers (viewers' only way to learn of them; presenters hear events too). */
  private async listFeeds(): Promise<void> {
    const control = this.control;
    if (!control) return;
    try {
      const data = await control.request({ request: 'listparticipants', room: this.options.janus.room });
      const participants = Array.isArray(data.participants) ? (data.participants as { id?: unknown; display?: unknown; publisher?: unknown }[]) : [];
      const feeds = new Map<FeedId, string>();
      for (const participant of participants) {
        if (participant.publisher === true && isFeedId(participant.id) && isSeat(participant.display)) feeds.set(participant.id, participant.display);
      }
      this.feeds = feeds;
      this.reconcile();
    } catch {
      // The next poll asks again.
    }
  }

  /** Whether a presenter present has no feed we receive. */
  private missingFeeds(): boolean {
    const roster = this.roster;
    if (!roster) return true;
    const received = new Set([...this.subscriptions.values()].map((subscription) => subscription.seat).concat([...this.subscribing.values()]));
    const speaker = roster.speaker && roster.speaker.seat !== this.options.seat ? roster.speaker.seat : null;
    return (speaker !== null && !received.has(speaker)) || roster.attendees.some((attendee) => attendee.role === 'presenter' && !received.has(attendee.seat));
  }

  /** The listings start again from the shortest wait. */
  private pollSoon(): void {
    this.pollRound = 0;
    if (this.poll) clearTimeout(this.poll);
    this.poll = null;
  }

  /** The next listing after `delay`, or after the wait of this round of listings (growing). */
  private schedulePoll(delay?: number): void {
    if (this.closed || this.poll || !this.control) return;
    const wait = delay ?? Math.min(FEED_POLL_MS.max, FEED_POLL_MS.first * 2 ** this.pollRound);
    if (wait > 0 && !this.missingFeeds()) {
      this.pollRound = 0;
      return;
    }
    if (delay === undefined) this.pollRound += 1;
    this.poll = setTimeout(() => {
      this.poll = null;
      void this.listFeeds().then(() => {
        if (this.missingFeeds()) this.schedulePoll();
      });
    }, wait);
  }

  /** Subscribes to every feed but our own, and lets go of feeds that are gone. */
  private reconcile(): void {
    if (this.closed || !this.session) return;
    for (const [feed, subscription] of this.subscriptions) {
      if (this.feeds.get(feed) === subscription.seat) continue;
      subscription.handle.detach();
      subscription.pc.close();
      this.subscriptions.delete(feed);
    }
    for (const [feed, seat] of this.feeds) {
      if (seat === this.options.seat || this.subscriptions.has(feed) || this.subscribing.has(feed)) continue;
      this.subscribing.set(feed, seat);
      void this.subscribe(feed, seat).finally(() => this.subscribing.delete(feed));
    }
    this.changed();
  }

  private async subscribe(feed: FeedId, seat: string): Promise<void> {
    const session = this.session;
    if (!session) return;
    const { janus } = this.options;
    const pc = this.createPeerConnection({ iceServers: [] });
    let handle: JanusHandle;
    try {
      handle = await session.attach(janus.opaqueId);
    } catch {
      pc.close();
      return;
    }
    const subscription: Subscription = { feed, seat, handle, pc };
    if (this.session !== session || this.subscriptions.has(feed)) {
      handle.detach();
      pc.close();
      return;
    }
    this.subscriptions.set(feed, subscription);
    pc.ontrack = () => this.changed();
    pc.onicecandidate = (event) => handle.trickle(event.candidate?.toJSON() ?? null);
    handle.onEvent = (event) => {
      if (event.jsep?.type === 'offer') void this.answer(subscription, event.jsep);
    };
    handle.onGone = () => {
      if (this.subscriptions.get(feed) !== subscription) return;
      this.subscriptions.delete(feed);
      pc.close();
      this.changed();
      this.schedulePoll();
    };
    try {
      const attached = await handle.message({ request: 'join', ptype: 'subscriber', room: janus.room, pin: janus.pin, streams: [{ feed }] });
      if (attached.jsep?.type === 'offer') await this.answer(subscription, attached.jsep);
    } catch {
      // The feed went away meanwhile, or Janus refused: forget it, the next listing tries again.
      if (this.subscriptions.get(feed) === subscription) this.subscriptions.delete(feed);
      handle.detach();
      pc.close();
      this.schedulePoll();
    }
  }

  private async answer(subscription: Subscription, offer: Jsep): Promise<void> {
    const { pc, handle } = subscription;
    await pc.setRemoteDescription(offer);
    await pc.setLocalDescription();
    await handle.message({ request: 'start' }, { type: 'answer', sdp: pc.localDescription?.sdp ?? '' });
    this.changed();
  }

  /** Publishes the voice while there is one to publish with a grant, and stops when there is not. */
  private async reconcileVoice(): Promise<void> {
    const session = this.session;
    const wanted = this.voice;
    const current = this.voicePublisher;
    if (current && (!wanted || wanted.grant !== current.grant)) {
      this.voicePublisher = null;
      current.pc.close();
      current.handle.detach();
    } else if (current && wanted) {
      const sender = current.pc.getTransceivers()[0]?.sender;
      if (sender && sender.track !== wanted.track) await sender.replaceTrack(wanted.track);
      return;
    }
    if (!wanted || !session || this.closed || this.voicePublishing) return;
    this.voicePublishing = true;
    const { janus, seat } = this.options;
    const pc = this.createPeerConnection({ iceServers: [] });
    try {
      const handle = await session.attach(janus.opaqueId);
      this.voicePublisher = { handle, pc, grant: wanted.grant };
      pc.addTransceiver(wanted.track, { direction: 'sendonly' });
      pc.onicecandidate = (event) => handle.trickle(event.candidate?.toJSON() ?? null);
      await handle.message({ request: 'join', ptype: 'publisher', room: janus.room, pin: janus.pin, token: wanted.grant, display: seat });
      await pc.setLocalDescription();
      const answer = await handle.message({ request: 'publish', audio: true, video: false }, { type: 'offer', sdp: pc.localDescription?.sdp ?? '' });
      if (answer.jsep) await pc.setRemoteDescription(answer.jsep);
    } catch {
      // Refused (the turn already over, the token revoked) or Janus away: nothing is published.
      if (this.voicePublisher?.pc === pc) this.voicePublisher = null;
      pc.close();
    } finally {
      this.voicePublishing = false;
    }
    // The wish may have changed while publishing.
    if (this.voice !== wanted) await this.reconcileVoice();
  }

  private changed(): void {
    if (this.closed) return;
    const roster = this.roster;
    const bySeat = new Map([...this.subscriptions.values()].map((subscription) => [subscription.seat, subscription]));
    const presenters: PresenterFeed[] = [];
    const sounds: MediaStreamTrack[] = [];
    const presenterSeats = new Set<string>();
    for (const attendee of roster?.attendees ?? []) {
      if (attendee.role !== 'presenter') continue;
      presenterSeats.add(attendee.seat);
      const tracks = receivedTracks(bySeat.get(attendee.seat)?.pc);
      // The feed's streams in the publisher's order: the camera's video, then the screen's while shared.
      const [video = null, screen = null] = tracks.filter((track) => track.kind === 'video');
      presenters.push({ seat: attendee.seat, name: attendee.name, video, screen });
      for (const track of tracks) if (track.kind === 'audio') sounds.push(track);
    }
    // The speaker's voice: a viewer's feed, heard only while that viewer holds the turn.
    const speaker = roster?.speaker?.seat;
    for (const subscription of this.subscriptions.values()) {
      if (presenterSeats.has(subscription.seat) || subscription.seat !== speaker) continue;
      for (const track of receivedTracks(subscription.pc)) if (track.kind === 'audio') sounds.push(track);
    }
    this.current = { presenters, sounds };
    this.events.emit('changed');
  }
}
