import { SIGNALLING, SIGNALLING_CLOSE, type Peer, type ServerSignallingMessage, type SignalPayload } from '@incontra/contracts/realtime/signalling';

/** One participant's socket, as the hub sees it: it can be written to and closed. */
export interface SignallingEndpoint {
  send(message: ServerSignallingMessage): void;
  close(code: number): void;
}

export interface RoomKey {
  companyId: string;
  roomId: string;
}

interface Member {
  peer: Peer;
  /** Null while the member's socket is lost and its seat kept for the grace period. */
  endpoint: SignallingEndpoint | null;
  /** When it entered the room, or when its socket was lost (a counter of the hub). */
  since: number;
  graceTimer?: NodeJS.Timeout;
}

export type JoinOutcome = 'joined' | 'replaced' | 'resumed' | 'room-full';

/** Why a member is gone for good: it said goodbye, its grace ran out, or it was put out. */
export type GoneReason = 'left' | 'lost' | 'kicked';

/** Told once per member gone for good (never at shutdown, when nobody is announced gone). */
export type MemberGone = (room: RoomKey, identity: string, reason: GoneReason) => void;

export interface SignallingHubOptions {
  /** How long a lost socket's seat is kept for its comeback (SIGNALLING.reconnectGraceMs by default). */
  reconnectGraceMs?: number;
  onGone?: MemberGone;
}

const keyOf = ({ companyId, roomId }: RoomKey) => `${companyId}/${roomId}`;

/**
 * The rooms of the built-in engine in this process: who is in which room, through which socket.
 * Rooms are keyed by company and room, so nothing ever crosses from one room or tenant to
 * another. Every announcement carries the peer the server stamped from the room token.
 */
export class SignallingHub {
  private readonly rooms = new Map<string, Map<string, Member>>();
  private shuttingDown = false;
  private clock = 0;

  private readonly reconnectGraceMs: number;
  private readonly onGone: MemberGone;

  constructor({ reconnectGraceMs = SIGNALLING.reconnectGraceMs, onGone = () => undefined }: SignallingHubOptions = {}) {
    this.reconnectGraceMs = reconnectGraceMs;
    this.onGone = onGone;
  }

  /** Whether the identity holds a seat in the room: connected, or lost and within its grace. */
  isMember(companyId: string, roomId: string, identity: string): boolean {
    return this.rooms.get(keyOf({ companyId, roomId }))?.has(identity) ?? false;
  }

  /**
   * The seats taken in the room: every member, connected or within its grace. Asked for a
   * `newcomer` role, the seats that count against it (see `join`): for a guest, connected members only.
   */
  presence(companyId: string, roomId: string, newcomer?: Peer['role']): number {
    const members = this.rooms.get(keyOf({ companyId, roomId }));
    if (!members) return 0;
    if (newcomer !== 'guest') return members.size;
    return [...members.values()].filter((member) => member.endpoint).length;
  }

  /**
   * Admits a peer: `welcome` to it (listing who is there, whom it will offer to), `peer-joined`
   * to the others. The same identity on a new socket replaces the old one, or resumes a seat
   * kept after a lost socket; either way the others see no leave and no join, only the
   * renegotiation that follows.
   *
   * A full room refuses a newcomer, except that a guest (a visitor staff just let in) takes the
   * seat of a member whose socket was lost, the longest lost first: a seat kept for a comeback
   * that may never happen must not turn away someone who is here now. That member is then gone
   * for good (`peer-left lost`), and its comeback a newcomer like any other.
   */
  join(room: RoomKey, peer: Peer, endpoint: SignallingEndpoint, maxParticipants: number | null): JoinOutcome {
    const key = keyOf(room);
    const members = this.rooms.get(key) ?? new Map<string, Member>();
    const previous = members.get(peer.identity);
    const yielding = previous ? [] : seatsYieldedTo(peer, members, maxParticipants);
    if (!yielding) return 'room-full';
    this.rooms.set(key, members);
    if (previous?.graceTimer) clearTimeout(previous.graceTimer);
    for (const member of yielding) {
      clearTimeout(member.graceTimer);
      members.delete(member.peer.identity);
    }
    this.clock += 1;
    members.set(peer.identity, { peer, endpoint, since: previous && !previous.endpoint ? previous.since : this.clock });
    // Members whose socket is lost are not offered to: they renegotiate when they come back.
    const others = [...members.values()].filter((member) => member.peer.identity !== peer.identity && member.endpoint);
    endpoint.send({ type: 'welcome', self: peer, peers: others.map((member) => member.peer) });
    if (previous?.endpoint) {
      dismiss(previous.endpoint, 'replaced', SIGNALLING_CLOSE.replaced);
      return 'replaced';
    }
    // The newcomer never saw those it displaced: only the others hear them leave, before it joins.
    for (const member of yielding) this.announceGone(room, members, member.peer.identity, 'lost', peer.identity);
    // Back from a lost socket: only those who arrived meanwhile have never seen it.
    const since = previous ? previous.since : 0;
    for (const member of others) if (member.since > since) member.endpoint?.send({ type: 'peer-joined', peer });
    return previous ? 'resumed' : 'joined';
  }

  /**
   * A member said goodbye (`left`: gone now) or its socket was lost (`lost`: its seat is kept for
   * the grace period, then it is announced gone). Ignored when the socket is no longer the member's.
   */
  leave(room: RoomKey, identity: string, endpoint: SignallingEndpoint, reason: 'left' | 'lost'): void {
    const members = this.rooms.get(keyOf(room));
    const member = members?.get(identity);
    if (!members || !member || member.endpoint !== endpoint) return;
    if (reason === 'left' || this.shuttingDown) return this.remove(room, members, identity, reason);
    this.clock += 1;
    member.endpoint = null;
    member.since = this.clock;
    member.graceTimer = setTimeout(() => {
      if (members.get(identity) === member) this.remove(room, members, identity, 'lost');
    }, this.reconnectGraceMs);
    member.graceTimer.unref();
  }

  /** Relays a signal to a present member of the same room; false when there is nobody by that name. */
  relay(room: RoomKey, from: string, to: string, data: SignalPayload): boolean {
    if (from === to) return false;
    const target = this.rooms.get(keyOf(room))?.get(to)?.endpoint;
    if (!target) return false;
    target.send({ type: 'signal', from, data });
    return true;
  }

  /** Puts a member out at once: `bye kicked` and close 4003 to it, `peer-left kicked` to the others. */
  kick(companyId: string, roomId: string, identity: string): boolean {
    const room = { companyId, roomId };
    const members = this.rooms.get(keyOf(room));
    const member = members?.get(identity);
    if (!members || !member) return false;
    this.remove(room, members, identity, 'kicked');
    if (member.endpoint) dismiss(member.endpoint, 'kicked', SIGNALLING_CLOSE.kicked);
    return true;
  }

  /**
   * Another process runs the room now: forget it without announcing anything, and hand back the
   * sockets still connected, to be closed so that they reconnect there.
   */
  evict(room: RoomKey): SignallingEndpoint[] {
    const members = this.rooms.get(keyOf(room));
    this.rooms.delete(keyOf(room));
    const endpoints: SignallingEndpoint[] = [];
    for (const member of members?.values() ?? []) {
      clearTimeout(member.graceTimer);
      if (member.endpoint) endpoints.push(member.endpoint);
    }
    return endpoints;
  }

  /** Server shutdown: forget everybody without announcing leaves to sockets that close too. */
  shutdown(): void {
    this.shuttingDown = true;
    for (const members of this.rooms.values()) for (const member of members.values()) clearTimeout(member.graceTimer);
    this.rooms.clear();
  }

  private remove(room: RoomKey, members: Map<string, Member>, identity: string, reason: GoneReason): void {
    clearTimeout(members.get(identity)?.graceTimer);
    members.delete(identity);
    if (members.size === 0) this.rooms.delete(keyOf(room));
    this.announceGone(room, members, identity, reason);
  }

  /** `peer-left` to the members still there (but `except`), and the one report of the departure. */
  private announceGone(room: RoomKey, members: Map<string, Member>, identity: string, reason: GoneReason, except?: string): void {
    if (this.shuttingDown) return;
    for (const member of members.values()) if (member.peer.identity !== except) member.endpoint?.send({ type: 'peer-left', identity, reason });
    this.onGone(room, identity, reason);
  }
}

/**
 * The members who give up their seat so that `peer` enters: none when there is room; for a guest
 * in a full room, as many lost members as needed, longest lost first. Null when it cannot enter.
 */
function seatsYieldedTo(peer: Peer, members: ReadonlyMap<string, Member>, maxParticipants: number | null): Member[] | null {
  if (maxParticipants === null || members.size < maxParticipants) return [];
  if (peer.role !== 'guest') return null;
  const lost = [...members.values()].filter((member) => !member.endpoint).sort((a, b) => a.since - b.since);
  const needed = members.size - maxParticipants + 1;
  return lost.length >= needed ? lost.slice(0, needed) : null;
}

function dismiss(endpoint: SignallingEndpoint, reason: 'kicked' | 'replaced', code: number): void {
  endpoint.send({ type: 'bye', reason });
  endpoint.close(code);
}
