import type { Peer } from '@incontra/contracts/realtime/signalling';
import { FakeEndpoint } from '../../test/helpers/fake-signalling-endpoint';
import { SignallingHub } from './signalling-hub';

const ROOM = { companyId: 'c1', roomId: 'r1' };
const peer = (name: string): Peer => ({ identity: `staff-${name}`, displayName: name, role: 'staff' });
const anna = peer('anna');
const marco = peer('marco');

describe('SignallingHub', () => {
  it('welcomes a newcomer with those present and announces it to them', () => {
    const hub = new SignallingHub();
    const a = new FakeEndpoint();
    const b = new FakeEndpoint();
    expect(hub.join(ROOM, anna, a, null)).toBe('joined');
    expect(hub.join(ROOM, marco, b, null)).toBe('joined');
    expect(a.received).toEqual([
      { type: 'welcome', self: anna, peers: [] },
      { type: 'peer-joined', peer: marco },
    ]);
    expect(b.received).toEqual([{ type: 'welcome', self: marco, peers: [anna] }]);
    expect(hub.presence('c1', 'r1')).toBe(2);
  });

  it('keeps rooms of other companies and rooms apart', () => {
    const hub = new SignallingHub();
    const a = new FakeEndpoint();
    const other = new FakeEndpoint();
    hub.join(ROOM, anna, a, null);
    hub.join({ companyId: 'c2', roomId: 'r1' }, marco, other, null);
    expect(hub.relay(ROOM, anna.identity, marco.identity, { candidate: null })).toBe(false);
    expect(other.received).toEqual([{ type: 'welcome', self: marco, peers: [] }]);
    expect(hub.presence('c1', 'r1')).toBe(1);
  });

  it('refuses a newcomer beyond the limit but lets a present identity replace its socket', () => {
    const hub = new SignallingHub();
    const first = new FakeEndpoint();
    const b = new FakeEndpoint();
    hub.join(ROOM, anna, first, 2);
    hub.join(ROOM, marco, b, 2);
    expect(hub.join(ROOM, peer('third'), new FakeEndpoint(), 2)).toBe('room-full');
    const second = new FakeEndpoint();
    expect(hub.join(ROOM, anna, second, 2)).toBe('replaced');
    expect(first.received.at(-1)).toEqual({ type: 'bye', reason: 'replaced' });
    expect(first.closedWith).toBe(4010);
    expect(second.received).toEqual([{ type: 'welcome', self: anna, peers: [marco] }]);
    // Marco sees neither a leave nor a second join; the old socket's close changes nothing.
    hub.leave(ROOM, anna.identity, first, 'lost');
    expect(b.received).toEqual([{ type: 'welcome', self: marco, peers: [anna] }]);
    expect(hub.presence('c1', 'r1')).toBe(2);
  });

  it('announces leaves and kicks with their reason', () => {
    const hub = new SignallingHub();
    const a = new FakeEndpoint();
    const b = new FakeEndpoint();
    const c = new FakeEndpoint();
    hub.join(ROOM, anna, a, null);
    hub.join(ROOM, marco, b, null);
    hub.join(ROOM, peer('carla'), c, null);
    expect(hub.kick('c1', 'r1', marco.identity)).toBe(true);
    expect(b.received.at(-1)).toEqual({ type: 'bye', reason: 'kicked' });
    expect(b.closedWith).toBe(4003);
    expect(a.received.at(-1)).toEqual({ type: 'peer-left', identity: marco.identity, reason: 'kicked' });
    expect(hub.kick('c1', 'r1', marco.identity)).toBe(false);
    hub.leave(ROOM, 'staff-carla', c, 'left');
    expect(a.received.at(-1)).toEqual({ type: 'peer-left', identity: 'staff-carla', reason: 'left' });
    hub.leave(ROOM, anna.identity, a, 'lost');
    expect(hub.presence('c1', 'r1')).toBe(1);
  });

  describe('over time (fake timers)', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('keeps the seat of a lost socket for the grace period: a comeback resumes unseen, silence ends in lost', () => {
      const hub = new SignallingHub({ reconnectGraceMs: 30_000 });
      const a = new FakeEndpoint();
      const b = new FakeEndpoint();
      hub.join(ROOM, anna, a, 2);
      hub.join(ROOM, marco, b, 2);
      hub.leave(ROOM, anna.identity, a, 'lost');
      jest.advanceTimersByTime(29_000);
      expect(hub.isMember('c1', 'r1', anna.identity)).toBe(true);
      expect(hub.presence('c1', 'r1')).toBe(2);
      expect(hub.relay(ROOM, marco.identity, anna.identity, { candidate: null })).toBe(false);
      // Meanwhile Carla arrives: she is not sent to the absent Anna, and meets her when Anna is back.
      const carla = peer('carla');
      const c = new FakeEndpoint();
      hub.join(ROOM, carla, c, 3);
      expect(c.received).toEqual([{ type: 'welcome', self: carla, peers: [marco] }]);
      const back = new FakeEndpoint();
      expect(hub.join(ROOM, anna, back, 3)).toBe('resumed');
      expect(back.received).toEqual([{ type: 'welcome', self: anna, peers: [marco, carla] }]);
      expect(c.received.at(-1)).toEqual({ type: 'peer-joined', peer: anna });
      jest.advanceTimersByTime(60_000);
      expect(b.received).toEqual([
        { type: 'welcome', self: marco, peers: [anna] },
        { type: 'peer-joined', peer: carla },
      ]);

      hub.leave(ROOM, marco.identity, b, 'lost');
      jest.advanceTimersByTime(30_000);
      expect(back.received.at(-1)).toEqual({ type: 'peer-left', identity: marco.identity, reason: 'lost' });
      expect(hub.isMember('c1', 'r1', marco.identity)).toBe(false);
    });

    it('tells who is gone for good exactly once: left, kicked, lost after the grace; never a replacement, a resume or a shutdown', () => {
      const gone: unknown[][] = [];
      const hub = new SignallingHub({ reconnectGraceMs: 1000, onGone: (...args) => void gone.push(args) });
      const a = new FakeEndpoint();
      const b = new FakeEndpoint();
      const c = new FakeEndpoint();
      hub.join(ROOM, anna, a, null);
      hub.join(ROOM, marco, b, null);
      hub.join(ROOM, peer('carla'), c, null);
      hub.join(ROOM, anna, new FakeEndpoint(), null);
      hub.leave(ROOM, marco.identity, b, 'lost');
      hub.join(ROOM, marco, new FakeEndpoint(), null);
      jest.advanceTimersByTime(5000);
      expect(gone).toEqual([]);

      hub.leave(ROOM, 'staff-carla', c, 'left');
      hub.leave(ROOM, 'staff-carla', c, 'left');
      hub.kick('c1', 'r1', marco.identity);
      hub.kick('c1', 'r1', marco.identity);
      expect(gone).toEqual([
        [ROOM, 'staff-carla', 'left'],
        [ROOM, marco.identity, 'kicked'],
      ]);
      const annaNow = new FakeEndpoint();
      hub.join(ROOM, anna, annaNow, null);
      hub.leave(ROOM, anna.identity, annaNow, 'lost');
      jest.advanceTimersByTime(999);
      expect(gone).toHaveLength(2);
      jest.advanceTimersByTime(1);
      expect(gone.at(-1)).toEqual([ROOM, anna.identity, 'lost']);

      hub.join(ROOM, marco, new FakeEndpoint(), null);
      hub.shutdown();
      expect(gone).toHaveLength(3);
    });

    it('gives a guest entering a full room the seat kept for a lost socket (longest lost first); staff still wait for it', () => {
      const gone: unknown[][] = [];
      const hub = new SignallingHub({ reconnectGraceMs: 30_000, onGone: (...args) => void gone.push(args) });
      const guest = (name: string): Peer => ({ identity: `guest-${name}`, displayName: name, role: 'guest' });
      const a = new FakeEndpoint();
      const early = new FakeEndpoint();
      const late = new FakeEndpoint();
      hub.join(ROOM, anna, a, 3);
      hub.join(ROOM, guest('giulia'), early, 3);
      hub.join(ROOM, marco, late, 3);
      hub.leave(ROOM, 'guest-giulia', early, 'lost');
      hub.leave(ROOM, marco.identity, late, 'lost');
      expect(hub.presence('c1', 'r1')).toBe(3);
      expect(hub.presence('c1', 'r1', 'staff')).toBe(3);
      expect(hub.presence('c1', 'r1', 'guest')).toBe(1);

      expect(hub.join(ROOM, peer('carla'), new FakeEndpoint(), 3)).toBe('room-full');
      const luca = guest('luca');
      const l = new FakeEndpoint();
      expect(hub.join(ROOM, luca, l, 3)).toBe('joined');
      expect(l.received).toEqual([{ type: 'welcome', self: luca, peers: [anna] }]);
      expect(a.received.slice(-2)).toEqual([
        { type: 'peer-left', identity: 'guest-giulia', reason: 'lost' },
        { type: 'peer-joined', peer: luca },
      ]);
      expect(gone).toEqual([[ROOM, 'guest-giulia', 'lost']]);
      expect(hub.isMember('c1', 'r1', 'guest-giulia')).toBe(false);
      expect(hub.isMember('c1', 'r1', marco.identity)).toBe(true);
      // Giulia's comeback is a newcomer's now: she takes the next lost seat, Marco's…
      expect(hub.join(ROOM, guest('giulia'), new FakeEndpoint(), 3)).toBe('joined');
      expect(gone).toEqual([
        [ROOM, 'guest-giulia', 'lost'],
        [ROOM, marco.identity, 'lost'],
      ]);
      // …and her grace timer, cleared with her seat, ends nobody later.
      jest.advanceTimersByTime(60_000);
      expect(gone).toHaveLength(2);
    });

    it('lets no guest take the seat of a connected member', () => {
      const hub = new SignallingHub({ reconnectGraceMs: 30_000 });
      hub.join(ROOM, anna, new FakeEndpoint(), 2);
      hub.join(ROOM, marco, new FakeEndpoint(), 2);
      const a = new FakeEndpoint();
      expect(hub.join(ROOM, { identity: 'guest-luca', displayName: 'Luca', role: 'guest' }, a, 2)).toBe('room-full');
      expect(a.received).toEqual([]);
      expect(hub.presence('c1', 'r1', 'guest')).toBe(2);
    });

    it('evicts a room without a word, handing back the sockets still connected', () => {
      const gone: unknown[][] = [];
      const hub = new SignallingHub({ reconnectGraceMs: 1000, onGone: (...args) => void gone.push(args) });
      const a = new FakeEndpoint();
      const b = new FakeEndpoint();
      const elsewhere = new FakeEndpoint();
      hub.join(ROOM, anna, a, null);
      hub.join(ROOM, marco, b, null);
      hub.join({ companyId: 'c1', roomId: 'r2' }, anna, elsewhere, null);
      hub.leave(ROOM, marco.identity, b, 'lost');
      expect(hub.evict(ROOM)).toEqual([a]);
      jest.advanceTimersByTime(5000);
      expect(gone).toEqual([]);
      expect(a.received).toEqual([
        { type: 'welcome', self: anna, peers: [] },
        { type: 'peer-joined', peer: marco },
      ]);
      expect(hub.presence('c1', 'r1')).toBe(0);
      expect(hub.presence('c1', 'r2')).toBe(1);
      expect(hub.evict(ROOM)).toEqual([]);
    });
  });

  it('relays a signal only to the addressed member, stamped with the sender', () => {
    const hub = new SignallingHub();
    const a = new FakeEndpoint();
    const b = new FakeEndpoint();
    hub.join(ROOM, anna, a, null);
    hub.join(ROOM, marco, b, null);
    const data = { description: { type: 'offer' as const, sdp: 'v=0' } };
    expect(hub.relay(ROOM, marco.identity, anna.identity, data)).toBe(true);
    expect(a.received.at(-1)).toEqual({ type: 'signal', from: marco.identity, data });
    expect(hub.relay(ROOM, marco.identity, marco.identity, data)).toBe(false);
    expect(hub.relay(ROOM, marco.identity, 'staff-nobody', data)).toBe(false);
  });
});
