import type { TrackName } from '@incontra/contracts/constants';
import type { SignalPayload } from '@incontra/contracts/realtime/signalling';
import type { DataMessage } from '@incontra/contracts/room/data-messages';
import { PeerLink } from './peer-link';
import { createFakePeerConnection, FakePeerConnection, fakeTrack } from './testing/fake-peer-connection';
import { peer, settle } from './testing/engine-harness';

const anna = peer('anna');
const marco = peer('marco');

interface Side {
  link: PeerLink;
  pc: FakePeerConnection;
  subscribed: Map<TrackName, MediaStreamTrack>;
  received: DataMessage[];
  stale: SignalPayload[];
}

function side(self: typeof anna, other: typeof anna, initiator: boolean, tracks: [TrackName, MediaStreamTrack][] = []): Side {
  const link = new PeerLink({
    peer: other,
    polite: self.identity < other.identity,
    initiator,
    iceServers: [],
    tracks: new Map(tracks),
    createPeerConnection: createFakePeerConnection,
  });
  const result: Side = { link, pc: link.pc as unknown as FakePeerConnection, subscribed: new Map(), received: [], stale: [] };
  link.on('trackSubscribed', (name, track) => result.subscribed.set(name, track));
  link.on('trackUnsubscribed', (name) => result.subscribed.delete(name));
  link.on('data', (message) => result.received.push(message));
  link.on('stale', (data) => result.stale.push(data));
  return result;
}

/** Relays each side's signals to the other, like the server would. */
function wire(a: Side, b: Side): void {
  a.link.on('signal', (data) => queueMicrotask(() => b.link.handleSignal(data)));
  b.link.on('signal', (data) => queueMicrotask(() => a.link.handleSignal(data)));
}

describe('PeerLink', () => {
  it('offer collision: both sides offer at once and perfect negotiation settles it', async () => {
    const a = side(anna, marco, true, [['camera', fakeTrack('video')]]);
    const m = side(marco, anna, true, [
      ['camera', fakeTrack('video')],
      ['audio', fakeTrack('audio')],
    ]);
    wire(a, m);
    await settle(200);
    expect(a.pc.signalingState).toBe('stable');
    expect(m.pc.signalingState).toBe('stable');
    expect([...a.subscribed.keys()].sort()).toEqual(['audio', 'camera']);
    expect([...m.subscribed.keys()]).toEqual(['camera']);
    a.link.send({ type: 'mute', payload: marco.identity });
    m.link.send({ type: 'mute', payload: anna.identity });
    await settle();
    expect(m.received).toEqual([{ type: 'mute', payload: marco.identity }]);
    expect(a.received).toEqual([{ type: 'mute', payload: anna.identity }]);
  });

  it('queues data written before the channel opens', async () => {
    const a = side(anna, marco, true);
    const m = side(marco, anna, false);
    a.link.send({ type: 'state', payload: { displayName: 'Anna', muted: false, blurEnabled: true, backgroundEnabled: false } });
    wire(a, m);
    await settle(200);
    expect(m.received).toHaveLength(1);
  });

  it('names tracks by mid and keeps camera and screen apart on the other side', async () => {
    const cameraTrack = fakeTrack('video', 'camera');
    const screenTrack = fakeTrack('video', 'screen');
    const a = side(anna, marco, true, [['camera', cameraTrack]]);
    const m = side(marco, anna, false);
    const offers: SignalPayload[] = [];
    a.link.on('signal', (data) => {
      if ('description' in data) offers.push(data);
    });
    wire(a, m);
    await settle(200);
    await a.link.setTrack('screen', screenTrack);
    await settle(200);
    const last = offers.at(-1);
    if (!last || !('description' in last)) throw new Error('no offer');
    const mids = Object.fromEntries(a.pc.getTransceivers().map((t) => [t.sender.track?.label, t.mid]));
    expect(last.trackNames).toEqual({ [mids.camera as string]: 'camera', [mids.screen as string]: 'screen' });
    expect([...m.subscribed.keys()].sort()).toEqual(['camera', 'screen']);
    expect(m.subscribed.get('screen')).not.toBe(m.subscribed.get('camera'));

    await a.link.removeTrack('screen');
    await settle(200);
    expect([...m.subscribed.keys()]).toEqual(['camera']);
  });

  it('an offer from another connection of the same peer (new fingerprint) is handed back as stale', async () => {
    const a = side(anna, marco, true);
    const m = side(marco, anna, false);
    wire(a, m);
    await settle(200);
    const other = new FakePeerConnection({});
    other.createDataChannel('data');
    await other.setLocalDescription();
    const offer: SignalPayload = { description: { type: 'offer', sdp: other.localDescription?.sdp } };
    a.link.handleSignal(offer);
    await settle();
    expect(a.stale).toEqual([offer]);
    expect(a.pc.signalingState).toBe('stable');
  });

  it('a waiting side that hears nothing offers itself after the fallback delay', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    try {
      const m = side(marco, anna, false, [['camera', fakeTrack('video')]]);
      const signals: SignalPayload[] = [];
      m.link.on('signal', (data) => signals.push(data));
      await settle();
      expect(signals).toHaveLength(0);
      await jest.advanceTimersByTimeAsync(4000);
      expect(signals.some((data) => 'description' in data && data.description.type === 'offer')).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('close announces the received tracks as gone and closes the connection', async () => {
    const a = side(anna, marco, true, [['camera', fakeTrack('video')]]);
    const m = side(marco, anna, false);
    wire(a, m);
    await settle(200);
    expect(m.subscribed.size).toBe(1);
    m.link.close();
    expect(m.subscribed.size).toBe(0);
    expect(m.pc.signalingState).toBe('closed');
  });
});
