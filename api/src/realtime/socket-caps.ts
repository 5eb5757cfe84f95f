import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { SlotCounter } from './socket-slots';

/**
 * How many sockets may be open at once, per socket route and per process (SOCKET_LIMIT_*).
 * Beyond them a socket is closed with 4030 (`tooManyConnections` of the route's close codes).
 */
export interface SocketCaps {
  /** From one client address (an IPv6 client: its /64), counted at the upgrade. */
  perAddress: number;
  /** Lobby sockets of one staff session (its console open in several tabs), counted once it is known. */
  perStaffSession: number;
  /** Lobby sockets of one waiting visitor (request id and token), counted before the token is checked. */
  perVisitorToken: number;
  /** Signalling sockets saying `hello` with one room token, counted before the token is checked. */
  perRoomToken: number;
}

/**
 * A staff member works with a few tabs (queue, rooms, settings): 10 leaves room for that and for
 * reconnections overlapping a socket the server has not yet seen die. A visitor's page holds one
 * socket; 3 covers a second tab and a reconnection. A room token is one participant, whose new
 * socket replaces its old one: 3 covers reconnections that overlap. 50 per address covers an
 * office or a shop behind one NAT address (a few dozen staff with a console each) while keeping
 * one machine from holding hundreds; a bigger site raises SOCKET_LIMIT_PER_IP.
 */
export const DEFAULT_SOCKET_CAPS: SocketCaps = { perAddress: 50, perStaffSession: 10, perVisitorToken: 3, perRoomToken: 3 };

/** The close frame's reason beside 4030, for people reading a trace. */
export const TOO_MANY_CONNECTIONS_REASON = 'too many connections';

/**
 * The key a client address is counted under: IPv4 (also as IPv4-mapped IPv6) as it is, IPv6 by
 * its first 64 bits, because one IPv6 client usually holds a whole /64 and could otherwise open
 * each socket from a new address.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  return `${ipv6Groups(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, `::` expanded (a trailing dotted IPv4 part counts as two). */
function ipv6Groups(ip: string): string[] {
  const address = ip.split('%')[0] ?? ip;
  const split = (part: string) => (part === '' ? [] : part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])));
  const [head = '', tail] = address.split('::');
  const before = split(head);
  const after = tail === undefined ? [] : split(tail);
  const zeros = tail === undefined ? [] : Array.from({ length: 8 - before.length - after.length }, () => '0');
  return [...before, ...zeros, ...after].map((group) => parseInt(group, 16).toString(16));
}

/** A counting key for a credential: hashed, so that the counters hold no token. */
export function credentialKey(kind: string, ...parts: string[]): string {
  return `${kind}:${createHash('sha256').update(parts.join('\n')).digest('base64url')}`;
}

/**
 * Holds a slot for the socket's client address from the upgrade until the socket closes (the
 * close event: a socket the server is still closing still counts). Over the limit the socket is
 * closed at once with `code`, before any message is read or any database asked; false then.
 */
export function admitAddress(socket: WebSocket, request: FastifyRequest, slots: SlotCounter, limit: number, code: number): boolean {
  const slot = slots.take(`address:${addressKey(request.ip)}`, limit);
  if (!slot) {
    request.log.debug({ ip: request.ip }, 'socket refused: too many from this address');
    socket.close(code, TOO_MANY_CONNECTIONS_REASON);
    return false;
  }
  socket.once('close', () => slot.release());
  return true;
}
