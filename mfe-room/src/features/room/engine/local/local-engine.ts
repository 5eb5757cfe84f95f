import type { JoinRoomResponse } from '@incontra/contracts/api/video-room';
import { VIDEO_PROVIDER, type TrackName } from '@incontra/contracts/constants';
import { ERRORS } from '@incontra/contracts/errors';
import type { Peer, SignalPayload } from '@incontra/contracts/realtime/signalling';
import type { DataMessage } from '@incontra/contracts/room/data-messages';
import { ConnectionStateMachine } from '../connection-state';
import type { ConnectionState, EngineEvents, LeaveReason, PublishableTrack, RemovalReason, Unsubscribe, VideoEngine } from '../types';
import { Emitter } from '../../media/emitter';
import { KeyedTimers } from './keyed-timers';
import { PeerLink } from './peer-link';
import { SignallingClient, type ByeReason, type SocketLike } from './signalling-client';
import { takeWarmSocket } from './warm-socket';

export interface LocalEngineOptions {
  createSocket?: (url: string) => SocketLike;
  createPeerConnection?: (config: RTCConfiguration) => RTCPeerConnection;
  /** Origin of the signalling socket; the page's own by default. */
  origin?: string;
}

/**
 * A peer the server reported lost (or missing from our welcome after we reconnected) is kept
 * this long: when both ends lost signalling at once they come back within the backoff and
 * their connections, which never stopped carrying media, simply continue.
 */
export const LOST_GRACE_MS = 12_000;
/** ICE `disconnected` often heals by itself; past this, restart it. */
export const ICE_RESTART_AFTER_MS = 4000;

const REMOVALS: Partial<Record<ByeReason, RemovalReason>> = {
  kicked: 'kicked',
  'room-full': 'room-full',
  unauthorized: 'unauthorized',
};

/** Refused by the room (bye before welcome); `reason` says why. */
export class RoomRefusedError extends Error {
  constructor(readonly reason: ByeReason) {
    super(`Room refused: ${reason}`);
  }
}

function currentTrack(track: PublishableTrack): MediaStreamTrack {
  return track.processedTrack ?? track.mediaStreamTrack;
}

/** The built-in engine: an RTCPeerConnection mesh, signalling over the API WebSocket. */
export class LocalEngine implements VideoEngine {
  readonly provider = 'local' as const;
  private readonly machine = new ConnectionStateMachine();
  private readonly events = new Emitter<EngineEvents>();
  private readonly published = new Map<TrackName, PublishableTrack>();
  private readonly peers = new Map<string, Peer>();
  private readonly links = new Map<string, PeerLink>();
  /** Peers reported lost, within their grace period. */
  private readonly lost = new KeyedTimers();
  private readonly iceChecks = new KeyedTimers();
  private signalling: SignallingClient | null = null;
  private self: Peer | null = null;
  private iceServers: RTCIceServer[] = [];
  private pending: { resolve: () => void; reject: (error: Error) => void; timer: ReturnType<typeof setTimeout> } | null = null;

  constructor(private readonly options: LocalEngineOptions = {}) {}

  get connectionState(): ConnectionState {
    return this.machine.state;
  }

  on<E extends keyof EngineEvents>(event: E, listener: EngineEvents[E]): Unsubscribe {
    return this.events.on(event, listener);
  }

  connect(join: JoinRoomResponse, tracks: ReadonlyArray<{ name: TrackName; track: PublishableTrack }>): Promise<void> {
    if (this.signalling || this.machine.state !== 'connecting') return Promise.reject(new Error('Engine already used'));
    for (const { name, track } of tracks) this.published.set(name, track);
    this.iceServers = join.iceServers;
    const client = new SignallingClient({
      path: join.signallingPath,
      origin: this.options.origin,
      token: join.token,
      createSocket: this.options.createSocket ?? ((url) => takeWarmSocket(url) ?? new WebSocket(url)),
    });
    this.signalling = client;
    client.on('welcome', (self, peers) => this.welcome(self, peers));
    client.on('peerJoined', (peer) => this.peerJoined(peer));
    client.on('peerLeft', (identity, reason) => this.peerLeft(identity, reason));
    client.on('signal', (from, data) => this.links.get(from)?.handleSignal(data));
    client.on('lost', () => this.refreshState());
    client.on('ended', (reason) => this.ended(reason));
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => this.finish(new Error('Signalling connection timed out')), VIDEO_PROVIDER.sessionTimeoutMs);
      this.pending = { resolve, reject, timer };
      client.start();
    });
  }

  disconnect(): void {
    if (this.machine.state === 'disconnected') return;
    this.finish();
  }

  async publish(name: TrackName, track: PublishableTrack): Promise<void> {
    this.published.set(name, track);
    await Promise.all([...this.links.values()].map((link) => link.setTrack(name, currentTrack(track))));
  }

  async unpublish(name: TrackName): Promise<void> {
    this.published.delete(name);
    await Promise.all([...this.links.values()].map((link) => link.removeTrack(name)));
  }

  async refresh(name: TrackName): Promise<void> {
    const track = this.published.get(name);
    if (track) await this.publish(name, track);
  }

  send(message: DataMessage, to?: string): void {
    if (!this.self || this.machine.state === 'disconnected') throw new Error(ERRORS.localDataTrackNotInitialized);
    if (to === undefined) {
      for (const link of this.links.values()) link.send(message);
      return;
    }
    const link = this.links.get(to);
    if (!link) throw new Error(`Unknown participant: ${to}`);
    link.send(message);
  }

  private welcome(self: Peer, peers: Peer[]): void {
    const first = this.self === null;
    this.self = self;
    const present = new Set(peers.map((peer) => peer.identity));
    // Who left while our socket was down; kept a while in case they are reconnecting too.
    for (const identity of this.peers.keys()) if (!present.has(identity)) this.markLost(identity);
    for (const peer of peers) {
      if (peer.identity === self.identity) continue;
      this.lost.cancel(peer.identity);
      const link = this.links.get(peer.identity);
      if (!link) this.addPeer(peer, true);
      else if (link.iceState === 'failed' || link.iceState === 'disconnected') link.restartIce();
    }
    if (first) {
      this.setState('connected');
      const pending = this.pending;
      this.pending = null;
      if (pending) {
        clearTimeout(pending.timer);
        pending.resolve();
      }
    } else this.refreshState();
  }

  private peerJoined(peer: Peer): void {
    if (!this.self || peer.identity === this.self.identity) return;
    this.lost.cancel(peer.identity);
    // Known and linked: it reconnected its signalling; its connection to us is still the same.
    if (!this.links.has(peer.identity)) this.addPeer(peer, false);
  }

  private peerLeft(identity: string, reason: LeaveReason): void {
    if (reason === 'lost') this.markLost(identity);
    else this.removePeer(identity, reason);
  }

  private addPeer(peer: Peer, initiator: boolean): void {
    const known = this.peers.has(peer.identity);
    this.peers.set(peer.identity, peer);
    if (!known) this.events.emit('participantConnected', { identity: peer.identity, displayName: peer.displayName, role: peer.role });
    this.createLink(peer, initiator);
  }

  private createLink(peer: Peer, initiator: boolean): PeerLink {
    const self = this.self;
    if (!self) throw new Error(ERRORS.roomNotInitialized);
    const tracks = new Map([...this.published].map(([name, track]) => [name, currentTrack(track)] as const));
    const link = new PeerLink({
      peer,
      polite: self.identity < peer.identity,
      initiator,
      iceServers: this.iceServers,
      tracks,
      createPeerConnection: this.options.createPeerConnection ?? ((config) => new RTCPeerConnection(config)),
    });
    const identity = peer.identity;
    link.on('signal', (data) => this.signalling?.signal(identity, data));
    link.on('trackSubscribed', (name, track) => this.events.emit('trackSubscribed', identity, name, track));
    link.on('trackUnsubscribed', (name) => this.events.emit('trackUnsubscribed', identity, name));
    link.on('data', (message) => this.events.emit('dataReceived', identity, message));
    link.on('health', () => this.linkHealthChanged(identity, link));
    link.on('stale', (data) => this.replaceLink(identity, data));
    link.on('gone', () => this.linkGone(identity));
    this.links.set(identity, link);
    return link;
  }

  /** The peer answered or offered from a new RTCPeerConnection: start over with it. */
  private replaceLink(identity: string, data: SignalPayload): void {
    const peer = this.peers.get(identity);
    this.closeLink(identity);
    if (!peer || !('description' in data)) return;
    const isOffer = data.description.type === 'offer';
    const link = this.createLink(peer, !isOffer);
    if (isOffer) link.handleSignal(data);
    this.refreshState();
  }

  /** The peer's connection closed under us: gone for good if the server said so, else wait for its new offer. */
  private linkGone(identity: string): void {
    if (this.lost.has(identity)) {
      this.removePeer(identity, 'lost');
      return;
    }
    const peer = this.peers.get(identity);
    this.closeLink(identity);
    if (peer && this.machine.state !== 'disconnected') this.createLink(peer, false);
    this.refreshState();
  }

  private linkHealthChanged(identity: string, link: PeerLink): void {
    const state = link.iceState;
    if (state === 'failed' && this.signalling?.ready) link.restartIce();
    if (state === 'disconnected') {
      this.iceChecks.start(identity, ICE_RESTART_AFTER_MS, () => {
        if (link.iceState === 'disconnected' && this.signalling?.ready) link.restartIce();
      });
    }
    this.refreshState();
  }

  private markLost(identity: string): void {
    if (!this.peers.has(identity)) return;
    this.lost.start(identity, LOST_GRACE_MS, () => this.removePeer(identity, 'lost'));
    this.refreshState();
  }

  private removePeer(identity: string, reason: LeaveReason): void {
    this.lost.cancel(identity);
    this.closeLink(identity);
    if (this.peers.delete(identity)) this.events.emit('participantDisconnected', identity, reason);
    this.refreshState();
  }

  private closeLink(identity: string): void {
    this.iceChecks.cancel(identity);
    this.links.get(identity)?.close();
    this.links.delete(identity);
  }

  private ended(reason: ByeReason): void {
    const removal = REMOVALS[reason];
    if (removal) this.events.emit('removed', removal);
    this.finish(new RoomRefusedError(reason));
  }

  /** Connected when signalling is up and no live peer connection is failing. */
  private refreshState(): void {
    if (this.machine.state === 'connecting' || this.machine.state === 'disconnected') return;
    const healthy =
      this.signalling?.ready === true &&
      [...this.links].every(([identity, link]) => this.lost.has(identity) || (link.iceState !== 'failed' && link.iceState !== 'disconnected'));
    this.setState(healthy ? 'connected' : 'reconnecting');
  }

  private finish(error: Error = new Error('Disconnected')): void {
    this.signalling?.close();
    for (const identity of [...this.links.keys()]) {
      // Final: the room is gone as a whole, no per-track goodbyes.
      this.links.get(identity)?.clear();
      this.closeLink(identity);
    }
    this.lost.cancelAll();
    const pending = this.pending;
    this.pending = null;
    if (pending) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    this.setState('disconnected');
  }

  private setState(state: ConnectionState): void {
    if (this.machine.moveTo(state)) this.events.emit('connectionStateChanged', state);
  }
}
