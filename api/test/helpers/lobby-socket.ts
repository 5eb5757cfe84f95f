import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { JoinRequestStatus, StaffJoinRequest, VisitorJoinRequest } from '@incontra/contracts/api/join-requests';
import { LOBBY, type LobbyEvent, type ServerLobbyMessage } from '@incontra/contracts/realtime/lobby';
import type { LobbyAccess } from '../../src/lobby/lobby-ports';
import { JsonSocket, openWebSocket } from './json-socket';
import type { TestClient } from './test-client';

/** The lobby socket's address of an app listening on a real port (upgrades need a real server). */
export async function lobbyAddress(app: FastifyInstance): Promise<{ url: string; port: number }> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `ws://127.0.0.1:${port}${LOBBY.path}`, port };
}

export interface LobbyUpgrade {
  /** The Host header (the company); the real port is kept, as a browser would send it. */
  host?: string;
  /** The Origin header; none when undefined (as a non-browser client). */
  origin?: string;
  /** The browser whose cookies go along (a signed-in staff member). */
  browser?: TestClient;
  /** A Cookie header of its own. */
  cookie?: string;
  /** Any other headers (a proxy's X-Forwarded-*). */
  headers?: Record<string, string>;
}

/** A lobby socket as a test drives it, opened with the upgrade's headers a browser would send. */
export class LobbySocket extends JsonSocket<ServerLobbyMessage> {
  protected override get echo(): [{ type: 'ping' }, 'pong'] {
    return [{ type: 'ping' }, 'pong'];
  }

  static async open(url: string, upgrade: LobbyUpgrade = {}): Promise<LobbySocket> {
    const { port } = new URL(url);
    const headers: Record<string, string> = { ...upgrade.headers };
    if (upgrade.host) headers.host = `${upgrade.host}:${port}`;
    if (upgrade.origin) headers.origin = upgrade.origin;
    const cookie = upgrade.cookie ?? (upgrade.browser && [...upgrade.browser.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    if (cookie) headers.cookie = cookie;
    return new LobbySocket(await openWebSocket(url, { headers }));
  }

  /** A staff console of `browser`'s company, from that company's own origin, after `hello`. */
  static async staff(url: string, browser: TestClient): Promise<LobbySocket> {
    const { port } = new URL(url);
    const client = await LobbySocket.open(url, { browser, host: browser.host, origin: `http://${browser.host}:${port}` });
    client.send({ type: 'hello', role: 'staff' });
    return client;
  }

  /** A waiting visitor's socket on `host`, after `hello`. */
  static async visitor(url: string, host: string, requestId: string, token: string): Promise<LobbySocket> {
    const client = await LobbySocket.open(url, { host });
    client.send({ type: 'hello', role: 'visitor', requestId, token });
    return client;
  }
}

export interface JoinRequestShape {
  companyId: string;
  id?: string;
  storeId?: string;
  status?: JoinRequestStatus;
  message?: string | null;
  verificationRequired?: boolean;
}

/** A change as the join-request service announces it: both views of one request. */
export function joinRequestEvent({
  companyId,
  id = randomUUID(),
  storeId = randomUUID(),
  status = 'pending',
  message = null,
  verificationRequired = false,
}: JoinRequestShape): LobbyEvent {
  const at = '2026-03-02T09:00:00.000Z';
  const common = {
    id,
    status,
    source: 'live' as const,
    name: 'Giulia Verdi',
    storeId,
    storeName: 'Negozio',
    roomId: randomUUID(),
    roomName: 'Sala',
    message,
    createdAt: at,
    expiresAt: at,
  };
  const request: StaffJoinRequest = { ...common, phoneNumber: null, waitingSince: at, handledBy: null };
  const visitor: VisitorJoinRequest = { ...common, verificationRequired, phoneNumber: null };
  return { type: 'join-request', companyId, request, visitor, sentAt: Date.now() };
}

/**
 * The join-request service as the lobby socket sees it, in memory: requests and their tokens,
 * each staff member's queue, and a record of the visitors reported seen. `hold()` keeps the
 * next reads waiting until released (to publish changes while a socket's first answer is read).
 */
export class FakeLobbyAccess implements LobbyAccess {
  readonly requests = new Map<string, { companyId: string; token: string; view: VisitorJoinRequest }>();
  readonly queues = new Map<string, { requests: StaffJoinRequest[]; storeIds: ReadonlySet<string> | null }>();
  readonly seen: { companyId: string; ids: string[] }[] = [];
  failure: Error | null = null;
  private held: Promise<void> | null = null;

  /** Adds the request of `event` with `token`; returns the event. */
  addRequest(event: LobbyEvent, token = 'visitor-token'): LobbyEvent {
    this.requests.set(event.request.id, { companyId: event.companyId, token, view: event.visitor });
    return event;
  }

  setQueue(companyId: string, userId: string, requests: StaffJoinRequest[], storeIds: ReadonlySet<string> | null): void {
    this.queues.set(`${companyId}/${userId}`, { requests, storeIds });
  }

  hold(): () => void {
    let release = () => undefined as void;
    this.held = new Promise((resolve) => (release = resolve));
    return () => {
      this.held = null;
      release();
    };
  }

  async visitorRequest(companyId: string, requestId: string, token: string): Promise<VisitorJoinRequest | null> {
    await this.read();
    const found = this.requests.get(requestId);
    return found && found.companyId === companyId && found.token === token ? found.view : null;
  }

  async markVisitorsSeen(companyId: string, requestIds: readonly string[]): Promise<void> {
    this.seen.push({ companyId, ids: [...requestIds].sort() });
  }

  async queueFor(companyId: string, userId: string) {
    await this.read();
    return this.queues.get(`${companyId}/${userId}`) ?? { requests: [], storeIds: null };
  }

  private async read(): Promise<void> {
    if (this.failure) throw this.failure;
    await this.held;
  }
}
