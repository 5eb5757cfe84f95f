/**
 * Enough of RTCPeerConnection (jsdom has none) for the local engine's logic: descriptions are a
 * small text format the fake reads back (`a=fingerprint`, `m=<kind> <mid> <direction>`), two
 * fakes that have negotiated with each other "connect" (ICE connected, data channels paired,
 * remote tracks fired), and tests can move the ICE state by hand. Not a media stack.
 */
type Direction = RTCRtpTransceiverDirection;

const byFingerprint = new Map<string, FakePeerConnection>();
let nextPc = 1;
let nextTrack = 1;

/** A track's fields, and its `mute`/`unmute` events (a test dispatches them after setting `muted`). */
export function fakeTrack(kind: 'audio' | 'video', label = `${kind}-${nextTrack}`): MediaStreamTrack {
  const track = Object.assign(new EventTarget(), { id: `track-${nextTrack++}`, kind, label, enabled: true, readyState: 'live', muted: false });
  return track as unknown as MediaStreamTrack;
}

const sends = (direction: Direction | null) => direction === 'sendrecv' || direction === 'sendonly';
const receives = (direction: Direction | null) => direction === 'sendrecv' || direction === 'recvonly';
function directionOf(send: boolean, receive: boolean): Direction {
  if (send && receive) return 'sendrecv';
  if (send) return 'sendonly';
  if (receive) return 'recvonly';
  return 'inactive';
}

export class FakeDataChannel {
  readyState: RTCDataChannelState = 'connecting';
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  remote: FakeDataChannel | null = null;
  readonly sent: string[] = [];

  constructor(readonly label: string) {}

  send(data: string): void {
    if (this.readyState !== 'open') throw new Error('InvalidStateError: channel not open');
    this.sent.push(data);
    const remote = this.remote;
    queueMicrotask(() => remote?.onmessage?.({ data }));
  }

  close(): void {
    if (this.readyState === 'closed') return;
    this.readyState = 'closed';
    const remote = this.remote;
    this.remote = null;
    if (remote) queueMicrotask(() => remote.remoteClosed());
  }

  open(): void {
    if (this.readyState !== 'connecting') return;
    this.readyState = 'open';
    this.onopen?.();
  }

  private remoteClosed(): void {
    if (this.readyState === 'closed') return;
    this.readyState = 'closed';
    this.remote = null;
    this.onclose?.();
  }
}

class FakeSender {
  track: MediaStreamTrack | null = null;
  used = false;
  replaceTrack(track: MediaStreamTrack | null): Promise<void> {
    this.track = track;
    return Promise.resolve();
  }
}

export class FakeTransceiver {
  mid: string | null = null;
  currentDirection: Direction | null = null;
  negotiated: Direction | null = null;
  offered: Direction | null = null;
  receivingFired = false;
  readonly sender = new FakeSender();
  readonly receiver: { track: MediaStreamTrack };
  private wanted: Direction;

  constructor(
    private readonly pc: FakePeerConnection,
    readonly kind: 'audio' | 'video',
    direction: Direction,
    readonly fromRemote: boolean,
  ) {
    this.wanted = direction;
    this.receiver = { track: fakeTrack(kind, `remote-${kind}`) };
  }

  get direction(): Direction {
    return this.wanted;
  }

  set direction(direction: Direction) {
    if (direction === this.wanted) return;
    this.wanted = direction;
    this.pc.markNegotiationNeeded();
  }
}

interface ParsedSdp {
  fingerprint: string;
  media: { kind: 'audio' | 'video'; mid: string; direction: Direction }[];
  application: boolean;
}

function parseSdp(sdp: string): ParsedSdp {
  const fingerprint = /^a=fingerprint:(.+)$/m.exec(sdp)?.[1] ?? '';
  const media = [...sdp.matchAll(/^m=(audio|video) (\S+) (\S+)$/gm)].map((match) => ({
    kind: match[1] as 'audio' | 'video',
    mid: match[2] as string,
    direction: match[3] as Direction,
  }));
  return { fingerprint, media, application: /^m=application$/m.test(sdp) };
}

export class FakePeerConnection {
  static readonly created: FakePeerConnection[] = [];

  readonly id = nextPc++;
  readonly fingerprint = `sha-256 FAKE:${this.id}`;
  signalingState: RTCSignalingState = 'stable';
  iceConnectionState: RTCIceConnectionState = 'new';
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: ((event: { candidate: RTCIceCandidate | null }) => void) | null = null;
  ontrack: ((event: { transceiver: FakeTransceiver; track: MediaStreamTrack }) => void) | null = null;
  ondatachannel: ((event: { channel: FakeDataChannel }) => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;
  readonly transceivers: FakeTransceiver[] = [];
  readonly channels: FakeDataChannel[] = [];
  readonly candidates: RTCIceCandidateInit[] = [];
  iceRestarts = 0;
  private ufrag = 1;
  private restartPending = false;
  private stableLocal: RTCSessionDescriptionInit | null = null;
  private midsOfOffer: FakeTransceiver[] = [];
  private check = false;
  private closed = false;

  constructor(readonly config: RTCConfiguration) {
    FakePeerConnection.created.push(this);
    byFingerprint.set(this.fingerprint, this);
  }

  getTransceivers(): FakeTransceiver[] {
    return [...this.transceivers];
  }

  addTrack(track: MediaStreamTrack): FakeSender {
    if (this.transceivers.some((t) => t.sender.track === track)) throw new Error('InvalidAccessError: track already added');
    const kind = track.kind as 'audio' | 'video';
    let transceiver = this.transceivers.find((t) => t.fromRemote && t.kind === kind && !t.sender.used && t.currentDirection !== 'stopped');
    if (transceiver) transceiver.direction = transceiver.direction === 'inactive' ? 'sendonly' : 'sendrecv';
    else {
      transceiver = new FakeTransceiver(this, kind, 'sendrecv', false);
      this.transceivers.push(transceiver);
      this.markNegotiationNeeded();
    }
    transceiver.sender.track = track;
    transceiver.sender.used = true;
    return transceiver.sender;
  }

  /** A section of our own, with a track or only a kind (what the webinar links add, in a fixed order). */
  addTransceiver(trackOrKind: MediaStreamTrack | 'audio' | 'video', init: { direction?: Direction } = {}): FakeTransceiver {
    const kind = typeof trackOrKind === 'string' ? trackOrKind : (trackOrKind.kind as 'audio' | 'video');
    const transceiver = new FakeTransceiver(this, kind, init.direction ?? 'sendrecv', false);
    if (typeof trackOrKind !== 'string') {
      transceiver.sender.track = trackOrKind;
      transceiver.sender.used = true;
    }
    this.transceivers.push(transceiver);
    this.markNegotiationNeeded();
    return transceiver;
  }

  createDataChannel(label: string): FakeDataChannel {
    const channel = new FakeDataChannel(label);
    this.channels.push(channel);
    if (this.iceConnectionState === 'connected') this.pairWithPeer();
    else this.markNegotiationNeeded();
    return channel;
  }

  restartIce(): void {
    this.restartPending = true;
    this.iceRestarts += 1;
    this.markNegotiationNeeded();
  }

  async setLocalDescription(description?: RTCSessionDescriptionInit): Promise<void> {
    await Promise.resolve();
    this.assertOpen();
    if (description?.type === 'rollback') return this.rollback();
    if (this.signalingState === 'have-remote-offer') return this.answer();
    if (this.signalingState !== 'stable') throw new Error(`InvalidStateError: setLocalDescription in ${this.signalingState}`);
    this.offer();
  }

  async setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
    await Promise.resolve();
    this.assertOpen();
    const sdp = parseSdp(description.sdp ?? '');
    if (description.type === 'offer') {
      if (this.signalingState === 'have-local-offer') this.rollback();
      for (const line of sdp.media) {
        let transceiver = this.transceivers.find((t) => t.mid === line.mid);
        if (!transceiver) {
          transceiver = new FakeTransceiver(this, line.kind, 'recvonly', true);
          transceiver.mid = line.mid;
          this.transceivers.push(transceiver);
        }
        this.noteRemoteDirection(transceiver, sends(line.direction));
      }
      this.remoteDescription = { type: 'offer', sdp: description.sdp };
      this.signalingState = 'have-remote-offer';
      return;
    }
    if (description.type !== 'answer' || this.signalingState !== 'have-local-offer') {
      throw new Error(`InvalidStateError: ${description.type} in ${this.signalingState}`);
    }
    for (const line of sdp.media) {
      const transceiver = this.transceivers.find((t) => t.mid === line.mid);
      if (!transceiver) continue;
      transceiver.currentDirection = directionOf(receives(line.direction), sends(line.direction));
      transceiver.negotiated = transceiver.offered;
      this.noteRemoteDirection(transceiver, sends(line.direction));
    }
    this.remoteDescription = { type: 'answer', sdp: description.sdp };
    this.stableLocal = this.localDescription;
    this.midsOfOffer = [];
    this.signalingState = 'stable';
    this.negotiated();
  }

  async addIceCandidate(candidate: RTCIceCandidateInit): Promise<void> {
    await Promise.resolve();
    if (!this.remoteDescription) throw new Error('InvalidStateError: no remote description');
    this.candidates.push(candidate);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.signalingState = 'closed';
    this.iceConnectionState = 'closed';
    for (const channel of this.channels) channel.close();
    byFingerprint.delete(this.fingerprint);
  }

  /** Test control: the network under this connection. */
  setIceState(state: RTCIceConnectionState): void {
    this.iceConnectionState = state;
    this.oniceconnectionstatechange?.();
  }

  markNegotiationNeeded(): void {
    if (this.check) return;
    this.check = true;
    queueMicrotask(() => {
      this.check = false;
      if (!this.closed && this.signalingState === 'stable' && this.needsNegotiation()) this.onnegotiationneeded?.();
    });
  }

  private needsNegotiation(): boolean {
    if (this.restartPending) return true;
    if (this.transceivers.some((t) => t.mid === null || t.negotiated !== t.direction)) return true;
    return this.channels.length > 0 && !/^m=application$/m.test(this.localDescription?.sdp ?? '');
  }

  private offer(): void {
    if (this.restartPending) {
      this.ufrag += 1;
      this.restartPending = false;
    }
    this.midsOfOffer = [];
    for (const transceiver of this.transceivers) {
      if (transceiver.mid !== null) continue;
      transceiver.mid = this.freeMid();
      this.midsOfOffer.push(transceiver);
    }
    const application = this.channels.length > 0 || /^m=application$/m.test(this.remoteDescription?.sdp ?? '');
    for (const transceiver of this.transceivers) transceiver.offered = transceiver.direction;
    const lines = this.transceivers.map((t) => `m=${t.kind} ${t.mid} ${t.direction}`);
    this.localDescription = { type: 'offer', sdp: this.sdp(lines, application) };
    this.signalingState = 'have-local-offer';
    this.gatherCandidate();
  }

  private answer(): void {
    const offer = parseSdp(this.remoteDescription?.sdp ?? '');
    const lines = offer.media.map((line) => {
      const transceiver = this.transceivers.find((t) => t.mid === line.mid);
      const mine = transceiver?.direction ?? 'inactive';
      const answered = directionOf(sends(mine) && receives(line.direction), receives(mine) && sends(line.direction));
      if (transceiver) {
        transceiver.currentDirection = answered;
        transceiver.negotiated = transceiver.direction;
      }
      return `m=${line.kind} ${line.mid} ${answered}`;
    });
    this.localDescription = { type: 'answer', sdp: this.sdp(lines, offer.application) };
    this.stableLocal = this.localDescription;
    this.signalingState = 'stable';
    this.gatherCandidate();
    this.negotiated();
  }

  private rollback(): void {
    for (const transceiver of this.midsOfOffer) transceiver.mid = null;
    this.midsOfOffer = [];
    this.localDescription = this.stableLocal;
    this.signalingState = 'stable';
  }

  private noteRemoteDirection(transceiver: FakeTransceiver, remoteSends: boolean): void {
    if (remoteSends && !transceiver.receivingFired) {
      transceiver.receivingFired = true;
      this.ontrack?.({ transceiver, track: transceiver.receiver.track });
    } else if (!remoteSends) transceiver.receivingFired = false;
  }

  /** Both ends stable with each other's descriptions: ICE connects, data channels pair. */
  private negotiated(): void {
    this.markNegotiationNeeded();
    const peer = this.peer();
    if (!peer || peer.peer() !== this || peer.signalingState !== 'stable') return;
    queueMicrotask(() => {
      for (const pc of [this, peer]) if (pc.iceConnectionState !== 'connected' && !pc.closed) pc.setIceState('connected');
      this.pairWithPeer();
    });
  }

  private peer(): FakePeerConnection | undefined {
    return byFingerprint.get(parseSdp(this.remoteDescription?.sdp ?? '').fingerprint);
  }

  private pairWithPeer(): void {
    const peer = this.peer();
    if (!peer) return;
    for (const [from, to] of [
      [this, peer],
      [peer, this],
    ] as const) {
      for (const channel of from.channels) {
        if (channel.remote || channel.readyState !== 'connecting') continue;
        const remote = new FakeDataChannel(channel.label);
        channel.remote = remote;
        remote.remote = channel;
        to.ondatachannel?.({ channel: remote });
        channel.open();
        remote.open();
      }
    }
  }

  private freeMid(): string {
    const used = new Set(this.transceivers.map((t) => t.mid));
    let mid = 0;
    while (used.has(String(mid))) mid += 1;
    return String(mid);
  }

  private sdp(lines: string[], application: boolean): string {
    const head = ['v=0', `a=fingerprint:${this.fingerprint}`, `a=ice-ufrag:u${this.ufrag}`];
    return [...head, ...lines, ...(application ? ['m=application'] : [])].join('\n');
  }

  private gatherCandidate(): void {
    const init = { candidate: `candidate:${this.id} 1 udp 1 127.0.0.1 9 typ host`, sdpMid: '0', sdpMLineIndex: 0, usernameFragment: null };
    queueMicrotask(() => {
      if (!this.closed) this.onicecandidate?.({ candidate: { ...init, toJSON: () => init } as unknown as RTCIceCandidate });
    });
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('InvalidStateError: closed');
  }
}

export function createFakePeerConnection(config: RTCConfiguration): RTCPeerConnection {
  return new FakePeerConnection(config) as unknown as RTCPeerConnection;
}
