import { TRACK_NAMES } from '@incontra/contracts/constants';
import { LocalEngine, LOST_GRACE_MS } from './local-engine';
import { createFakePeerConnection, FakePeerConnection, fakeTrack } from './testing/fake-peer-connection';
import { FakeSignallingServer, FakeSocket } from './testing/fake-signalling';
import { camera, joinAs, joinMember, microphone, ORIGIN, peer, record, settle, visibleTracks } from './testing/engine-harness';

const anna = peer('anna');
const marco = peer('marco');
const giulia = peer('giulia', 'guest');

function linkOf(engine: LocalEngine, identity: string): FakePeerConnection {
  const links = (engine as unknown as { links: Map<string, { pc: FakePeerConnection }> }).links;
  const link = links.get(identity);
  if (!link) throw new Error(`no link to ${identity}`);
  return link.pc;
}

describe('LocalEngine with a bare socket', () => {
  function engineWithSocket() {
    const sockets: FakeSocket[] = [];
    const engine = new LocalEngine({
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
      createPeerConnection: createFakePeerConnection,
      origin: 'https://demo.localhost',
    });
    return { engine, sockets, events: record(engine) };
  }

  it('says hello on wss:// of the page origin and offers to every peer listed in welcome, naming its tracks', async () => {
    const { engine, sockets, events } = engineWithSocket();
    const connected = engine.connect(joinAs(anna, 'token-anna'), [
      { name: 'audio', track: microphone() },
      { name: 'camera', track: camera() },
    ]);
    const socket = sockets[0] as FakeSocket;
    expect(socket.url).toBe('wss://demo.localhost/api/realtime/room');
    socket.accept();
    expect(socket.sent).toEqual([{ type: 'hello', token: 'token-anna' }]);
    socket.deliver({ type: 'welcome', self: anna, peers: [marco, giulia] });
    await connected;
    await settle();

    expect(engine.connectionState).toBe('connected');
    expect(events.filter((e) => e.type === 'joined').map((e) => e.type === 'joined' && e.identity)).toEqual([marco.identity, giulia.identity]);
    for (const to of [marco.identity, giulia.identity]) {
      const offers = socket.sentOfType('signal').filter((m) => m.to === to && 'description' in m.data);
      expect(offers).toHaveLength(1);
      const data = offers[0]?.data;
      if (!data || !('description' in data)) throw new Error('no description');
      expect(data.description.type).toBe('offer');
      expect(Object.values(data.trackNames ?? {}).sort()).toEqual(['audio', 'camera']);
    }
    const candidates = socket.sentOfType('signal').filter((m) => 'candidate' in m.data);
    expect(candidates.length).toBeGreaterThan(0);
    expect(linkOf(engine, marco.identity).config.iceServers).toEqual([{ urls: 'stun:stun.test:3478' }]);
  });

  it('waits for a newcomer to offer, answers with its own names and maps the newcomer’s tracks by mid', async () => {
    const { engine, sockets, events } = engineWithSocket();
    const connected = engine.connect(joinAs(anna, 'token-anna'), [{ name: 'camera', track: camera() }]);
    const socket = sockets[0] as FakeSocket;
    socket.accept();
    socket.deliver({ type: 'welcome', self: anna, peers: [] });
    await connected;
    socket.deliver({ type: 'peer-joined', peer: marco });
    await settle();
    expect(socket.sentOfType('signal')).toHaveLength(0);

    // Marco's side, by hand: screen on mid 0, nothing named on mid 1.
    const remote = new FakePeerConnection({});
    remote.addTrack(fakeTrack('video', 'screen'));
    remote.addTrack(fakeTrack('audio', 'unnamed'));
    remote.createDataChannel('data');
    await remote.setLocalDescription();
    const offer = remote.localDescription as RTCSessionDescriptionInit;
    socket.deliver({
      type: 'signal',
      from: marco.identity,
      data: { description: { type: 'offer', sdp: offer.sdp }, trackNames: { '0': 'screen', '1': 'not-a-name' } },
    });
    await settle();

    const answers = socket.sentOfType('signal').filter((m) => 'description' in m.data);
    expect(answers).toHaveLength(1);
    const data = answers[0]?.data;
    if (!data || !('description' in data)) throw new Error('no answer');
    expect(data.description.type).toBe('answer');
    // Anna's camera rode on the video transceiver Marco offered.
    expect(data.trackNames).toEqual({ '0': 'camera' });
    expect(events.filter((e) => e.type === 'subscribed').map((e) => e.type === 'subscribed' && e.name)).toEqual(['screen']);
  });

  it('throws LocalDataTrack not initialized when sending before the room is connected', () => {
    const { engine } = engineWithSocket();
    expect(() => engine.send({ type: 'mute', payload: 'x' })).toThrow('LocalDataTrack not initialized');
  });

  it('a room that refuses the token: removed(unauthorized), disconnected and connect rejects', async () => {
    const { engine, sockets, events } = engineWithSocket();
    const connected = engine.connect(joinAs(anna, 'revoked'), []);
    const socket = sockets[0] as FakeSocket;
    socket.accept();
    socket.deliver({ type: 'bye', reason: 'unauthorized' });
    await expect(connected).rejects.toThrow('Room refused: unauthorized');
    expect(events).toEqual([
      { type: 'removed', reason: 'unauthorized' },
      { type: 'state', state: 'disconnected' },
    ]);
    expect(sockets).toHaveLength(1);
  });
});

describe('LocalEngine in a room (fake signalling server, fake peer connections)', () => {
  let server: FakeSignallingServer;
  beforeEach(() => {
    server = new FakeSignallingServer();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('two participants see each other’s named tracks and exchange data messages', async () => {
    const a = await joinMember(server, anna);
    const m = await joinMember(server, marco);
    await settle();

    expect(a.events).toContainEqual({ type: 'joined', identity: marco.identity, role: 'staff' });
    expect(m.events).toContainEqual({ type: 'joined', identity: anna.identity, role: 'staff' });
    expect([...visibleTracks(a.events, marco.identity).keys()].sort()).toEqual(['audio', 'camera']);
    expect([...visibleTracks(m.events, anna.identity).keys()].sort()).toEqual(['audio', 'camera']);

    a.engine.send({ type: 'chat', payload: { id: 'c1', text: 'ciao', sentAt: '2026-11-22T10:00:00.000Z' } });
    m.engine.send({ type: 'mute', payload: anna.identity }, anna.identity);
    await settle();
    expect(m.events).toContainEqual({
      type: 'data',
      from: anna.identity,
      message: { type: 'chat', payload: { id: 'c1', text: 'ciao', sentAt: '2026-11-22T10:00:00.000Z' } },
    });
    expect(a.events).toContainEqual({ type: 'data', from: marco.identity, message: { type: 'mute', payload: anna.identity } });
  });

  it('drops data that is not a valid data message', async () => {
    await joinMember(server, anna);
    const m = await joinMember(server, marco);
    await settle();
    // Marco (the newcomer) made the channel; its far end is Anna's.
    const remoteOfAnna = linkOf(m.engine, anna.identity).channels[0]?.remote;
    if (!remoteOfAnna) throw new Error('no channel');
    for (const raw of ['not json', '{"type":"chat","payload":{"id":"x","text":"","sentAt":"t"}}', '{"type":"unknown"}']) remoteOfAnna.send(raw);
    remoteOfAnna.send(JSON.stringify({ type: 'mute', payload: marco.identity }));
    await settle();
    const data = m.events.filter((e) => e.type === 'data');
    expect(data).toEqual([{ type: 'data', from: anna.identity, message: { type: 'mute', payload: marco.identity } }]);
  });

  it('unpublish removes the name on the other side; publishing again brings it back; refresh sends the processed track', async () => {
    const a = await joinMember(server, anna);
    const m = await joinMember(server, marco);
    await settle();

    await a.engine.unpublish(TRACK_NAMES.camera);
    await settle();
    expect(m.events.at(-1)).toEqual({ type: 'unsubscribed', identity: anna.identity, name: 'camera' });
    expect(visibleTracks(m.events, anna.identity).has('camera')).toBe(false);

    const screen = { kind: 'video' as const, mediaStreamTrack: fakeTrack('video', 'screen') };
    await a.engine.publish(TRACK_NAMES.screen, screen);
    await a.engine.publish(TRACK_NAMES.camera, a.camera);
    await settle();
    expect([...visibleTracks(m.events, anna.identity).keys()].sort()).toEqual(['audio', 'camera', 'screen']);

    const processed = fakeTrack('video', 'blurred');
    const blurred = { ...a.camera, processedTrack: processed };
    await a.engine.publish(TRACK_NAMES.camera, blurred);
    const pc = linkOf(a.engine, marco.identity);
    expect(pc.getTransceivers().some((t) => t.sender.track === processed)).toBe(true);
    (blurred as { processedTrack: MediaStreamTrack | null }).processedTrack = null;
    await a.engine.refresh(TRACK_NAMES.camera);
    expect(pc.getTransceivers().some((t) => t.sender.track === a.camera.mediaStreamTrack)).toBe(true);
  });

  it('a newcomer after a track change receives the current tracks', async () => {
    const a = await joinMember(server, anna);
    await a.engine.unpublish('camera');
    const m = await joinMember(server, marco);
    await settle();
    expect([...visibleTracks(m.events, anna.identity).keys()]).toEqual(['audio']);
  });

  it('peer-left: the connection closes and the participant leaves', async () => {
    const a = await joinMember(server, anna);
    const m = await joinMember(server, marco);
    await settle();
    const pc = linkOf(a.engine, marco.identity);
    m.engine.disconnect();
    await settle();
    expect(a.events).toContainEqual({ type: 'left', identity: marco.identity, reason: 'left' });
    expect(pc.signalingState).toBe('closed');
    expect(m.events.at(-1)).toEqual({ type: 'state', state: 'disconnected' });
  });

  it('signalling lost: reconnecting, retried with backoff and the same token, connected again with the same peer connection', async () => {
    const a = await joinMember(server, anna);
    const m = await joinMember(server, marco);
    await settle();
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    const pc = linkOf(a.engine, marco.identity);
    server.online = false;
    server.cut(anna.identity);
    await settle();
    expect(a.engine.connectionState).toBe('reconnecting');
    await jest.advanceTimersByTimeAsync(500);
    expect(a.engine.connectionState).toBe('reconnecting');
    server.online = true;
    await jest.advanceTimersByTimeAsync(750);
    await settle();
    expect(a.engine.connectionState).toBe('connected');
    const hellos = server.sockets.flatMap((s) => s.sentOfType('hello')).filter((h) => h.token === anna.identity);
    expect(hellos.length).toBeGreaterThanOrEqual(2);
    expect(linkOf(a.engine, marco.identity)).toBe(pc);
    expect(a.events.filter((e) => e.type === 'state').map((e) => e.type === 'state' && e.state)).toEqual(['connected', 'reconnecting', 'connected']);
    // Marco heard she was lost, kept her through the grace, and she is still there.
    await jest.advanceTimersByTimeAsync(LOST_GRACE_MS + 1000);
    expect(m.events.some((e) => e.type === 'left')).toBe(false);

    // Signalling works again: a new negotiation goes through.
    await a.engine.publish('screen', { kind: 'video', mediaStreamTrack: fakeTrack('video', 'screen') });
    await settle();
    expect(visibleTracks(m.events, anna.identity).has('screen')).toBe(true);
  });

  it('both sides lose signalling at once and come back: nobody leaves, connections are kept', async () => {
    const a = await joinMember(server, anna);
    const m = await joinMember(server, marco);
    await settle();
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    const pcs = [linkOf(a.engine, marco.identity), linkOf(m.engine, anna.identity)];
    server.cut(anna.identity);
    server.cut(marco.identity);
    await settle();
    await jest.advanceTimersByTimeAsync(1000);
    await settle();
    expect(a.engine.connectionState).toBe('connected');
    expect(m.engine.connectionState).toBe('connected');
    await jest.advanceTimersByTimeAsync(LOST_GRACE_MS + 1000);
    expect([linkOf(a.engine, marco.identity), linkOf(m.engine, anna.identity)]).toEqual(pcs);
    expect([...a.events, ...m.events].some((e) => e.type === 'left')).toBe(false);
  });

  it('a peer lost for longer than the grace leaves', async () => {
    const a = await joinMember(server, anna);
    const m = await joinMember(server, marco);
    await settle();
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    server.online = false;
    server.cut(marco.identity);
    await settle();
    expect(a.events.some((e) => e.type === 'left')).toBe(false);
    await jest.advanceTimersByTimeAsync(LOST_GRACE_MS);
    expect(a.events).toContainEqual({ type: 'left', identity: marco.identity, reason: 'lost' });
    m.engine.disconnect();
  });

  it('ICE failure: reconnecting, ICE restarted, connected again', async () => {
    const a = await joinMember(server, anna);
    await joinMember(server, marco);
    await settle();
    const pc = linkOf(a.engine, marco.identity);
    pc.setIceState('failed');
    expect(a.engine.connectionState).toBe('reconnecting');
    expect(pc.iceRestarts).toBe(1);
    await settle();
    expect(pc.iceConnectionState).toBe('connected');
    expect(a.engine.connectionState).toBe('connected');
  });

  it('kicked: removed(kicked), then disconnected, and no reconnection', async () => {
    const a = await joinMember(server, anna);
    const m = await joinMember(server, marco);
    await settle();
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    const sockets = server.sockets.length;
    server.kick(marco.identity);
    await settle();
    expect(m.events.slice(-2)).toEqual([
      { type: 'removed', reason: 'kicked' },
      { type: 'state', state: 'disconnected' },
    ]);
    expect(a.events).toContainEqual({ type: 'left', identity: marco.identity, reason: 'kicked' });
    await jest.advanceTimersByTimeAsync(10_000);
    expect(server.sockets.length).toBe(sockets);
    expect(() => m.engine.send({ type: 'mute', payload: 'x' })).toThrow('LocalDataTrack not initialized');
  });

  it('a peer that comes back from a new connection is linked again (fingerprint changed)', async () => {
    const a = await joinMember(server, anna);
    const m = await joinMember(server, marco);
    await settle();
    // Marco drops his connection to Anna and waits on a fresh one; its fallback offer tells Anna.
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    const old = linkOf(a.engine, marco.identity);
    const internals = m.engine as unknown as { linkGone(identity: string): void };
    internals.linkGone(anna.identity);
    await jest.advanceTimersByTimeAsync(5000);
    await settle();
    const fresh = linkOf(a.engine, marco.identity);
    expect(fresh).not.toBe(old);
    expect(old.signalingState).toBe('closed');
    expect(fresh.iceConnectionState).toBe('connected');
    expect([...visibleTracks(a.events, marco.identity).keys()].sort()).toEqual(['audio', 'camera']);
    expect([...visibleTracks(m.events, anna.identity).keys()].sort()).toEqual(['audio', 'camera']);
    expect(a.events.some((e) => e.type === 'left')).toBe(false);
  });

  it('three participants form a full mesh', async () => {
    const a = await joinMember(server, anna);
    const m = await joinMember(server, marco);
    const g = await joinMember(server, giulia);
    await settle();
    for (const [member, others] of [
      [a, [marco, giulia]],
      [m, [anna, giulia]],
      [g, [anna, marco]],
    ] as const) {
      for (const other of others) expect([...visibleTracks(member.events, other.identity).keys()].sort()).toEqual(['audio', 'camera']);
    }
    expect(ORIGIN).toContain('http');
  });
});
