import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { sentJoinRequestSchema, type JoinRequestStatus, type SentJoinRequest } from '@incontra/contracts/api/join-requests';
import type { LobbyEvent } from '@incontra/contracts/realtime/lobby';
import { joinRequests, stores, userStores, users } from '../../src/db/schema';
import type { LobbyNotifier } from '../../src/lobby/lobby-ports';
import { JoinRequestService } from '../../src/lobby/service';
import type { PhoneVerification } from '../../src/sms/phone-verification-port';
import { silentLog } from './silent-log';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app';
import { TestClient } from './test-client';
import { seededRooms, signedInStaff, type SeededRooms } from './video-room-fixtures';

/** Every change the join-request service announced, in order. */
export class RecordingNotifier implements LobbyNotifier {
  readonly events: LobbyEvent[] = [];

  async changed(event: LobbyEvent): Promise<void> {
    this.events.push(event);
  }

  /** The events announced since the last call. */
  take(): LobbyEvent[] {
    return this.events.splice(0);
  }
}

export interface LobbyTestApp extends TestApp {
  notifier: RecordingNotifier;
  seeded: SeededRooms & { store(name: string): string };
  /** A visitor on its own IP address (rate limits per IP stay out of each other's way). */
  visitor(host?: string): Promise<Visitor>;
  staff(username?: string, host?: string): Promise<TestClient>;
  /** The row as stored (owner view of the tenant). */
  row(companyId: string, id: string): Promise<typeof joinRequests.$inferSelect>;
  /** Puts a request straight into a status (fixtures for the moves that start there). */
  force(companyId: string, id: string, status: JoinRequestStatus, changes?: Partial<typeof joinRequests.$inferInsert>): Promise<void>;
  userId(companyId: string, username: string): Promise<string>;
  serveOnly(companyId: string, username: string, storeIds: string[]): Promise<void>;
  /** A second service on the same database, clock and notifier: the sweep as the app's timer runs it. */
  service(verification?: PhoneVerification): JoinRequestService;
}

/** No SMS in suites that do not verify phones: a call would be a bug of the test. */
export const noVerification: PhoneVerification = {
  issueCode: () => Promise.reject(new Error('no phone verification in this suite')),
  checkCode: () => Promise.reject(new Error('no phone verification in this suite')),
  deliver: () => Promise.resolve(),
  redeliver: () => Promise.resolve(0),
};

let nextIp = 1;

/**
 * A visitor's browser: gets the CSRF cookie like the visitor app does, sends its request, and
 * afterwards calls with its visitor token as a Bearer header.
 */
export class Visitor {
  sent: SentJoinRequest | null = null;

  constructor(readonly browser: TestClient) {}

  get id(): string {
    if (!this.sent) throw new Error('no request sent yet');
    return this.sent.request.id;
  }

  get token(): string {
    if (!this.sent) throw new Error('no request sent yet');
    return this.sent.visitorToken;
  }

  async send(storeId: string, roomId: string, name = 'Giulia Neri'): Promise<SentJoinRequest> {
    const response = await this.browser.post(`/api/video-room/${storeId}/send-join-request`, { name, room: roomId });
    if (response.statusCode !== 200) throw new Error(`send-join-request: ${response.statusCode} ${response.body}`);
    this.sent = sentJoinRequestSchema.parse(response.json());
    return this.sent;
  }

  /** POST with this visitor's token (or `token` instead) on `/api/video-room/join-request/{id}{suffix}`. */
  call(suffix = '', body?: unknown, options: { id?: string; token?: string | null } = {}): Promise<LightMyRequestResponse> {
    const token = options.token === undefined ? this.token : options.token;
    const headers: Record<string, string> = token === null ? {} : { authorization: `Bearer ${token}` };
    return this.browser.post(`/api/video-room/join-request/${options.id ?? this.id}${suffix}`, body, headers);
  }
}

export async function startLobbyApp(options: TestAppOptions = {}): Promise<LobbyTestApp> {
  const notifier = new RecordingNotifier();
  const t = await startTestApp({
    ...options,
    // Suites that do not test the limits raise them (many requests from one test address, in one store).
    env: { JOIN_REQUEST_RATE_LIMIT_PER_MINUTE: '100000', LOBBY_RATE_LIMIT_PER_MINUTE: '100000', LOBBY_MAX_WAITING_PER_STORE: '100000', ...options.env },
    rateLimits: { loginPerMinute: 1000, ...options.rateLimits },
    overrides: { lobbyNotifier: notifier, sweepIntervalMs: null, ...options.overrides },
  });
  const rooms = await seededRooms(t);
  const storeIds = new Map<string, string>();
  for (const companyId of [rooms.demoId, rooms.acmeId]) {
    const rows = await t.db.asOwnerForTenant(companyId, (tx) =>
      tx.select({ id: stores.id, name: stores.name }).from(stores).where(eq(stores.companyId, companyId)),
    );
    for (const row of rows) storeIds.set(row.name, row.id);
  }
  const seeded = {
    ...rooms,
    store(name: string) {
      const id = storeIds.get(name);
      if (!id) throw new Error(`no seeded store ${name}`);
      return id;
    },
  };
  const userId = async (companyId: string, username: string) => {
    const [row] = await t.db.asOwnerForTenant(companyId, (tx) =>
      tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.username, username))),
    );
    if (!row) throw new Error(`no user ${username}`);
    return row.id;
  };
  return {
    ...t,
    notifier,
    seeded,
    async visitor(host = 'demo.localhost') {
      const browser = new TestClient(t.app, host, `10.1.${Math.floor(nextIp / 250)}.${nextIp++ % 250}`);
      await browser.get('/api/me');
      return new Visitor(browser);
    },
    staff: (username = 'admin', host = 'demo.localhost') => signedInStaff(t, username, host),
    async row(companyId, id) {
      const [row] = await t.db.asOwnerForTenant(companyId, (tx) => tx.select().from(joinRequests).where(eq(joinRequests.id, id)));
      if (!row) throw new Error(`no join request ${id}`);
      return row;
    },
    async force(companyId, id, status, changes = {}) {
      await t.db.asOwnerForTenant(companyId, (tx) =>
        tx
          .update(joinRequests)
          .set({ ...changes, status })
          .where(eq(joinRequests.id, id)),
      );
    },
    userId,
    async serveOnly(companyId, username, storeIdList) {
      const id = await userId(companyId, username);
      await t.db.asOwnerForTenant(companyId, async (tx) => {
        await tx.delete(userStores).where(eq(userStores.userId, id));
        if (storeIdList.length > 0) await tx.insert(userStores).values(storeIdList.map((storeId) => ({ companyId, userId: id, storeId })));
      });
    },
    service: (verification = noVerification) =>
      new JoinRequestService({ db: t.db, clock: t.clock.now, lobby: t.config.lobby, notifier, verification, log: silentLog }),
  };
}
