import type { TrackName } from '@incontra/contracts/constants';
import type { Peer, SignalPayload } from '@incontra/contracts/realtime/signalling';
import type { DataMessage } from '@incontra/contracts/room/data-messages';
import { candidateSignal } from './candidate-signal';
import { DataLink } from './data-link';
import { Emitter } from '../../media/emitter';
import { parseTrackNames, receivedTracks, sdpFingerprint, sentTrackNames } from './track-names';

export interface PeerLinkEvents {
  /** To relay to the peer through signalling. */
  signal: (data: SignalPayload) => void;
  trackSubscribed: (name: TrackName, track: MediaStreamTrack) => void;
  trackUnsubscribed: (name: TrackName) => void;
  data: (message: DataMessage) => void;
  /** The ICE state moved: the engine recomputes the room's health. */
  health: () => void;
  /** The peer speaks from a new RTCPeerConnection: this link must be replaced (and `data` applied to the new one). */
  stale: (data: SignalPayload) => void;
  /** The peer's connection closed (its data channels ended). */
  gone: () => void;
}

export interface PeerLinkOptions {
  peer: Peer;
  /** Perfect negotiation: the polite side rolls back its own offer on a collision. */
  polite: boolean;
  /** The newcomer offers; the other side waits for that offer before adding its tracks. */
  initiator: boolean;
  iceServers: RTCIceServer[];
  /** What to send right away, by name (the processed track when an effect runs). */
  tracks: ReadonlyMap<TrackName, MediaStreamTrack>;
  createPeerConnection: (config: RTCConfiguration) => RTCPeerConnection;
}

/** A waiting side that hears nothing this long offers itself (the peer may think it already has a link). */
export const OFFER_FALLBACK_MS = 4000;

type Description = Extract<SignalPayload, { description: unknown }>;

/**
 * One RTCPeerConnection to one peer, with perfect negotiation (MDN's pattern): every change
 * (a track, the data channel, an ICE restart) goes through `negotiationneeded`; a collision is
 * settled by the polite side, whose own offer is rolled back by setRemoteDescription.
 */
export class PeerLink extends Emitter<PeerLinkEvents> {
  readonly pc: RTCPeerConnection;
  readonly peer: Peer;
  private readonly polite: boolean;
  private readonly local: Map<TrackName, MediaStreamTrack>;
  private readonly senders = new Map<TrackName, RTCRtpTransceiver>();
  private readonly subscribed = new Map<TrackName, MediaStreamTrack>();
  private readonly data: DataLink;
  private remoteNames = new Map<string, TrackName>();
  private attached = false;
  private makingOffer = false;
  private settingRemoteAnswer = false;
  private closed = false;
  private chain: Promise<void> = Promise.resolve();
  private fallback: ReturnType<typeof setTimeout> | null = null;

  constructor(options: PeerLinkOptions) {
    super();
    this.peer = options.peer;
    this.polite = options.polite;
    this.local = new Map(options.tracks);
    this.data = new DataLink(
      (message) => this.emit('data', message),
      () => this.emit('gone'),
    );
    const pc = options.createPeerConnection({ iceServers: options.iceServers });
    this.pc = pc;
    pc.onnegotiationneeded = () => void this.negotiate();
    pc.onicecandidate = (event) => this.candidate(event.candidate);
    pc.ontrack = () => this.reconcile();
    pc.ondatachannel = (event) => this.data.add(event.channel);
    pc.oniceconnectionstatechange = () => this.emit('health');
    if (options.initiator) this.startOffering();
    else this.fallback = setTimeout(() => this.offerIfStillWaiting(), OFFER_FALLBACK_MS);
  }

  get iceState(): RTCIceConnectionState {
    return this.pc.iceConnectionState;
  }

  /** Relayed offers, answers and candidates, applied one at a time in arrival order. */
  handleSignal(data: SignalPayload): void {
    this.chain = this.chain.then(() => this.apply(data)).catch(() => undefined);
  }

  async setTrack(name: TrackName, track: MediaStreamTrack): Promise<void> {
    this.local.set(name, track);
    if (!this.attached || this.closed) return;
    const transceiver = this.senders.get(name);
    if (!transceiver || transceiver.currentDirection === 'stopped') {
      this.addSender(name, track);
      return;
    }
    if (transceiver.sender.track !== track) await transceiver.sender.replaceTrack(track);
    if (transceiver.direction !== 'sendrecv') transceiver.direction = 'sendrecv';
  }

  async removeTrack(name: TrackName): Promise<void> {
    this.local.delete(name);
    const transceiver = this.senders.get(name);
    if (!transceiver || this.closed) return;
    await transceiver.sender.replaceTrack(null);
    // Kept (not removeTrack) so the m-line is reused when the same name comes back.
    if (transceiver.direction === 'sendrecv') transceiver.direction = 'recvonly';
    else if (transceiver.direction === 'sendonly') transceiver.direction = 'inactive';
  }

  send(message: DataMessage): void {
    this.data.send(message);
  }

  restartIce(): void {
    if (this.closed || !this.pc.remoteDescription) return;
    this.pc.restartIce();
  }

  /** Closes the connection; the tracks it received are announced as gone. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.clearFallback();
    for (const name of this.subscribed.keys()) this.emit('trackUnsubscribed', name);
    this.subscribed.clear();
    this.data.close();
    const pc = this.pc;
    pc.onnegotiationneeded = null;
    pc.onicecandidate = null;
    pc.ontrack = null;
    pc.ondatachannel = null;
    pc.oniceconnectionstatechange = null;
    pc.close();
    this.clear();
  }

  private startOffering(): void {
    this.clearFallback();
    this.data.add(this.pc.createDataChannel('data'));
    this.attachTracks();
  }

  private offerIfStillWaiting(): void {
    this.fallback = null;
    if (!this.closed && !this.pc.remoteDescription && !this.attached) this.startOffering();
  }

  private attachTracks(): void {
    this.attached = true;
    for (const [name, track] of this.local) this.addSender(name, track);
  }

  private addSender(name: TrackName, track: MediaStreamTrack): void {
    const sender = this.pc.addTrack(track);
    const transceiver = this.pc.getTransceivers().find((candidate) => candidate.sender === sender);
    if (transceiver) this.senders.set(name, transceiver);
  }

  private async negotiate(): Promise<void> {
    if (this.closed || this.pc.signalingState !== 'stable') return;
    try {
      this.makingOffer = true;
      await this.pc.setLocalDescription();
      this.sendDescription();
    } catch {
      // Lost a race with the peer's offer; the next negotiationneeded tries again.
    } finally {
      this.makingOffer = false;
    }
  }

  private async apply(data: SignalPayload): Promise<void> {
    if (this.closed) return;
    if ('description' in data) {
      await this.applyDescription(data);
      return;
    }
    if (!data.candidate) return;
    try {
      await this.pc.addIceCandidate(data.candidate);
    } catch {
      // A candidate of an offer we ignored, or of a connection the peer has since replaced.
    }
  }

  private async applyDescription(data: Description): Promise<void> {
    const { description } = data;
    if (description.type !== 'offer' && description.type !== 'answer') return;
    if (this.fromAnotherConnection(description.sdp)) {
      this.emit('stale', data);
      return;
    }
    const readyForOffer = !this.makingOffer && (this.pc.signalingState === 'stable' || this.settingRemoteAnswer);
    const collision = description.type === 'offer' && !readyForOffer;
    if (collision && !this.polite) return;
    this.clearFallback();
    this.remoteNames = parseTrackNames(data.trackNames);
    this.settingRemoteAnswer = description.type === 'answer';
    try {
      // On a collision (polite side) this rolls our own offer back implicitly.
      await this.pc.setRemoteDescription(description);
    } finally {
      this.settingRemoteAnswer = false;
    }
    if (description.type === 'offer') {
      if (!this.attached) this.attachTracks();
      await this.pc.setLocalDescription();
      this.sendDescription();
    }
    this.reconcile();
  }

  private fromAnotherConnection(sdp: string | undefined): boolean {
    const known = sdpFingerprint(this.pc.remoteDescription?.sdp);
    const incoming = sdpFingerprint(sdp);
    return known !== null && incoming !== null && known !== incoming;
  }

  private sendDescription(): void {
    const description = this.pc.localDescription;
    if (!description || this.closed) return;
    const trackNames = sentTrackNames(this.senders, new Set(this.local.keys()));
    this.emit('signal', { description: { type: description.type, sdp: description.sdp }, trackNames });
  }

  private candidate(candidate: RTCIceCandidate | null): void {
    if (!candidate || this.closed) return;
    this.emit('signal', candidateSignal(candidate));
  }

  /** Announces remote tracks that started or stopped flowing since the last negotiation. */
  private reconcile(): void {
    if (this.closed) return;
    const wanted = receivedTracks(this.pc.getTransceivers(), this.remoteNames);
    for (const [name, track] of [...this.subscribed]) {
      if (wanted.get(name) === track) continue;
      this.subscribed.delete(name);
      this.emit('trackUnsubscribed', name);
    }
    for (const [name, track] of wanted) {
      if (this.subscribed.has(name)) continue;
      this.subscribed.set(name, track);
      this.emit('trackSubscribed', name, track);
    }
  }

  private clearFallback(): void {
    if (this.fallback) clearTimeout(this.fallback);
    this.fallback = null;
  }
}
