import type { SignalPayload } from '@incontra/contracts/realtime/signalling';
import type { WebinarAttendee } from '@incontra/contracts/realtime/webinar-live';
import { candidateSignal } from '../../room/engine/local/candidate-signal';
import { sdpFingerprint } from '../../room/engine/local/track-names';

/**
 * The four media sections of every webinar link, in the order the offering presenter adds them
 * (so both ends find them by position): the presenter's camera, the presenter's microphone, the
 * voice of the viewer invited to speak — towards a presenter from that viewer, and from the
 * relaying presenter to every other viewer — and the presenter's shared screen, whose section
 * sends only while something is shared (a new negotiation when sharing starts or stops).
 */
export const SECTION = { camera: 0, microphone: 1, voice: 2, screen: 3 } as const;
const SECTIONS = [SECTION.camera, SECTION.microphone, SECTION.voice, SECTION.screen] as const;
export type Section = (typeof SECTION)[keyof typeof SECTION];

export interface MeshLinkOptions {
  self: WebinarAttendee;
  peer: WebinarAttendee;
  /** The offering end adds the sections; the other answers (and may offer later, to start or stop speaking). */
  offerer: boolean;
  createPeerConnection: (config: RTCConfiguration) => RTCPeerConnection;
  iceServers: RTCIceServer[];
  /** What this end sends in each section (null: nothing, the section stays receive-only here). */
  sending: (section: Section) => MediaStreamTrack | null;
  signal: (data: SignalPayload) => void;
  /** A remote track appeared, or what flows changed. */
  changed: () => void;
}

type Description = Extract<SignalPayload, { description: unknown }>;

function sends(direction: RTCRtpTransceiverDirection | null | undefined): boolean {
  return direction === 'sendrecv' || direction === 'sendonly';
}

/**
 * One RTCPeerConnection between a presenter and another participant, with perfect negotiation:
 * the answering end is the polite one and rolls its own offer back on a collision. A viewer's end
 * never sends video, and sends its voice only while `sending(voice)` gives a track (the server
 * refuses any other description of a viewer's).
 */
export class MeshLink {
  readonly pc: RTCPeerConnection;
  readonly peer: WebinarAttendee;
  private readonly options: MeshLinkOptions;
  private readonly polite: boolean;
  private makingOffer = false;
  private ignoreOffer = false;
  private closed = false;
  private chain: Promise<void> = Promise.resolve();

  constructor(options: MeshLinkOptions) {
    this.options = options;
    this.peer = options.peer;
    this.polite = !options.offerer;
    const pc = options.createPeerConnection({ iceServers: options.iceServers });
    this.pc = pc;
    pc.onnegotiationneeded = () => void this.negotiate();
    pc.onicecandidate = (event) => this.candidate(event.candidate);
    pc.ontrack = () => options.changed();
    if (options.offerer) this.addSections();
  }

  /** Whether a description comes from another RTCPeerConnection than the one this link talks to (the peer reloaded). */
  isFromAnotherConnection(data: SignalPayload): boolean {
    if (!('description' in data)) return false;
    const known = sdpFingerprint(this.pc.remoteDescription?.sdp);
    const incoming = sdpFingerprint(data.description.sdp);
    return known !== null && incoming !== null && known !== incoming;
  }

  /** Relayed descriptions and candidates, applied one at a time in arrival order. */
  handleSignal(data: SignalPayload): void {
    this.chain = this.chain.then(() => this.apply(data)).catch(() => undefined);
  }

  /** The track the peer sends in a section, when it sends one there. */
  received(section: Section): MediaStreamTrack | null {
    const transceiver = this.transceiver(section);
    if (!transceiver) return null;
    const direction = transceiver.currentDirection;
    return direction === 'sendrecv' || direction === 'recvonly' ? transceiver.receiver.track : null;
  }

  /**
   * Puts what `sending` now gives in a section: a new track replaces the old without a new
   * negotiation; starting or stopping to send changes the direction, which negotiates.
   */
  async refresh(section: Section): Promise<void> {
    const transceiver = this.transceiver(section);
    if (!transceiver || this.closed) return;
    const track = this.options.sending(section);
    if (transceiver.sender.track !== track) await transceiver.sender.replaceTrack(track);
    const wanted = this.directionFor(section, track !== null);
    if (transceiver.direction !== wanted) transceiver.direction = wanted;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    const pc = this.pc;
    pc.onnegotiationneeded = null;
    pc.onicecandidate = null;
    pc.ontrack = null;
    pc.close();
  }

  private transceiver(section: Section): RTCRtpTransceiver | undefined {
    return this.pc.getTransceivers()[section];
  }

  /**
   * The offering presenter's directions: towards a viewer it only sends camera and microphone and
   * exchanges the voice section; between presenters everything goes both ways. The answering end
   * receives everything, and sends what it has (a presenter its camera and microphone, a viewer
   * its voice while speaking).
   */
  private directionFor(section: Section, hasTrack: boolean): RTCRtpTransceiverDirection {
    const { self, peer, offerer } = this.options;
    if (self.role === 'viewer') return section === SECTION.voice && hasTrack ? 'sendrecv' : 'recvonly';
    if (section === SECTION.voice) return 'sendrecv';
    const toViewer = peer.role === 'viewer' && offerer;
    // A screen is shared or not by the section's direction, so the other end knows without a word.
    if (section === SECTION.screen && !hasTrack) return toViewer ? 'inactive' : 'recvonly';
    return toViewer ? 'sendonly' : 'sendrecv';
  }

  private addSections(): void {
    for (const section of SECTIONS) {
      const kind = section === SECTION.camera || section === SECTION.screen ? 'video' : 'audio';
      const track = this.options.sending(section);
      this.pc.addTransceiver(track ?? kind, { direction: this.directionFor(section, track !== null) });
    }
  }

  /** The answering end's own sections, set between the offer and the answer. */
  private async prepareAnswer(): Promise<void> {
    for (const section of SECTIONS) {
      const transceiver = this.transceiver(section);
      if (!transceiver) continue;
      const track = this.options.sending(section);
      const direction = this.directionFor(section, track !== null);
      if (transceiver.sender.track !== track) await transceiver.sender.replaceTrack(sends(direction) ? track : null);
      if (transceiver.direction !== direction) transceiver.direction = direction;
    }
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
    if ('description' in data) return this.applyDescription(data);
    if (!data.candidate) return;
    try {
      await this.pc.addIceCandidate(data.candidate);
    } catch {
      // A candidate of an offer we ignored, or of a connection the peer has since replaced.
    }
  }

  private async applyDescription({ description }: Description): Promise<void> {
    if (description.type !== 'offer' && description.type !== 'answer') return;
    const collision = description.type === 'offer' && (this.makingOffer || this.pc.signalingState !== 'stable');
    this.ignoreOffer = !this.polite && collision;
    if (this.ignoreOffer) return;
    // On a collision (polite end) this rolls our own offer back implicitly.
    await this.pc.setRemoteDescription(description);
    if (description.type === 'offer') {
      await this.prepareAnswer();
      await this.pc.setLocalDescription();
      this.sendDescription();
    }
    this.options.changed();
  }

  private sendDescription(): void {
    const description = this.pc.localDescription;
    if (!description || this.closed) return;
    this.options.signal({ description: { type: description.type, sdp: description.sdp } });
  }

  private candidate(candidate: RTCIceCandidate | null): void {
    if (!candidate || this.closed) return;
    this.options.signal(candidateSignal(candidate));
  }
}
