import { and, count, eq } from 'drizzle-orm';
import { managedRoomSchema, roomsPageSchema, type ManagedRoom, type RoomsPage } from '@incontra/contracts/api/room-management';
import { activityLog, reservations, rooms } from '../src/db/schema';
import type { LobbyTestApp } from './helpers/lobby-fixtures';
import type { TestClient } from './helpers/test-client';

/** What the room suites read and write behind the API: rows, reservations, the activity log. */
export class RoomsFixture {
  constructor(private readonly t: LobbyTestApp) {}

  /** GET /api/rooms with `query` (e.g. '?storeId=…&sort=name'). */
  async page(browser: TestClient, query = ''): Promise<RoomsPage> {
    const response = await browser.get(`/api/rooms${query}`);
    if (response.statusCode !== 200) throw new Error(`GET /api/rooms${query}: ${response.statusCode} ${response.body}`);
    return roomsPageSchema.parse(response.json());
  }

  /** The rooms of the first page, which holds every room the suites make (at most 100). */
  async list(browser: TestClient, query = ''): Promise<ManagedRoom[]> {
    return (await this.page(browser, `${query}${query ? '&' : '?'}pageSize=100`)).items;
  }

  async create(browser: TestClient, body: Record<string, unknown>): Promise<ManagedRoom> {
    const response = await browser.post('/api/room', body);
    if (response.statusCode !== 201) throw new Error(`POST /api/room: ${response.statusCode} ${response.body}`);
    return managedRoomSchema.parse(response.json());
  }

  async roomCount(companyId: string): Promise<number> {
    const rows = await this.t.db.asOwnerForTenant(companyId, (tx) => tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.companyId, companyId)));
    return rows.length;
  }

  async reserve(companyId: string, roomId: string, startsAt: Date, cancelled = false): Promise<void> {
    await this.t.db.asOwnerForTenant(companyId, async (tx) => {
      const [room] = await tx.select({ storeId: rooms.storeId }).from(rooms).where(eq(rooms.id, roomId));
      // Each active appointment at this start takes the next place of the room.
      const [{ held } = { held: 0 }] = await tx
        .select({ held: count() })
        .from(reservations)
        .where(and(eq(reservations.roomId, roomId), eq(reservations.startsAt, startsAt), eq(reservations.status, 'booked')));
      await tx.insert(reservations).values({
        companyId,
        storeId: room!.storeId,
        roomId,
        customerName: 'Carla Cliente',
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        seat: cancelled ? 1 : held + 1,
        status: cancelled ? 'cancelled' : 'booked',
        cancelledAt: cancelled ? startsAt : null,
      });
    });
  }

  async cancelReservations(companyId: string, roomId: string): Promise<void> {
    await this.t.db.asOwnerForTenant(companyId, (tx) =>
      tx.update(reservations).set({ status: 'cancelled', cancelledAt: this.t.clock.now() }).where(eq(reservations.roomId, roomId)),
    );
  }

  /** The log lines about one entity, oldest first. */
  async activity(companyId: string, entityId: string) {
    const rows = await this.t.db.asOwnerForTenant(companyId, (tx) =>
      tx
        .select({ action: activityLog.action, entityType: activityLog.entityType, summary: activityLog.summary, userName: activityLog.userName })
        .from(activityLog)
        .where(and(eq(activityLog.companyId, companyId), eq(activityLog.entityId, entityId)))
        .orderBy(activityLog.createdAt),
    );
    return rows;
  }

  async activityCount(companyId: string): Promise<number> {
    const rows = await this.t.db.asOwnerForTenant(companyId, (tx) =>
      tx.select({ id: activityLog.id }).from(activityLog).where(eq(activityLog.companyId, companyId)),
    );
    return rows.length;
  }
}
