import type { FastifyBaseLogger } from 'fastify';
import { listRequestOf } from '@incontra/contracts/api/list-page';
import type { ManagedRoom, RoomSlots, RoomsPage, RoomsQuery } from '@incontra/contracts/api/room-management';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { recordActivity } from '../activity/activity-log';
import { assertPlanAllowsOneMore } from '../billing/plan-limits';
import { countUpcomingBooked } from '../booking/facade';
import type { CompanyCache } from '../cache/company-cache';
import type { Clock } from '../common/clock';
import type { Database, Tx } from '../db/database';
import { HttpError } from '../http/http-error';
import { servesStore } from '../tenancy/store-scope';
import type { UploadStore } from '../uploads/upload-store';
import * as repository from './room-repository';
import type { StaffContext } from '../auth/authenticate';

export interface RoomServiceOptions {
  db: Database;
  clock: Clock;
  uploads: UploadStore;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** The company's cached reads: the list pages, dropped by every committed change of the company. */
  cache: CompanyCache;
}

export const roomNotFound = () => new HttpError(404, IT_ROOMS.errors.notFound);

/**
 * A room the staff member may see, or 404: another company's room, and for an operator a room
 * of a store they do not serve, answer as if absent. `forUpdate` holds its row (see remove).
 */
export async function requireRoom(tx: Tx, staff: StaffContext, roomId: string, options: { forUpdate?: boolean } = {}): Promise<repository.ManagedRoomRow> {
  const room = await repository.findRoom(tx, staff.company.id, roomId, options);
  if (!room || !(await servesStore(tx, staff.company.id, staff.user.id, room.storeId))) throw roomNotFound();
  return room;
}

/** Rooms and their slots. Writes are the admin's (ROUTE_PERMISSIONS); each is logged in its transaction. */
export class RoomService {
  constructor(private readonly options: RoomServiceOptions) {}

  /** A page as the staff member sees it: an operator's own rooms (their stores), an admin's all. */
  list(staff: StaffContext, query: RoomsQuery): Promise<RoomsPage> {
    const request = listRequestOf(query);
    const companyId = staff.company.id;
    const key = `rooms:${staff.user.role === 'admin' ? 'admin' : `operator:${staff.user.id}`}:${query.storeId ?? ''}:${JSON.stringify(request)}`;
    return this.options.cache.read(companyId, key, async () => {
      const page = await this.options.db.withTenant(companyId, (tx) => repository.listRoomsPage(tx, companyId, staff.user.id, request, query.storeId));
      return { items: page.rows, total: page.total, page: request.page, pageSize: request.pageSize };
    });
  }

  get(staff: StaffContext, roomId: string): Promise<ManagedRoom> {
    return this.options.db.withTenant(staff.company.id, (tx) => requireRoom(tx, staff, roomId));
  }

  create(staff: StaffContext, body: { storeId: string; name: string; maxParticipants?: number | null }): Promise<ManagedRoom> {
    const companyId = staff.company.id;
    return this.options.db.withTenant(companyId, async (tx) => {
      await assertPlanAllowsOneMore(tx, companyId, 'rooms');
      const storeName = await repository.findStoreName(tx, companyId, body.storeId);
      if (storeName === null) throw new HttpError(404, IT_ROOMS.errors.storeNotFound, 'storeId');
      await repository.lockRoomNames(tx, body.storeId);
      if (await repository.roomNameTaken(tx, companyId, body.storeId, body.name)) throw new HttpError(409, IT_ROOMS.errors.nameTaken, 'name');
      const id = await repository.insertRoom(tx, companyId, body.storeId, { name: body.name, maxParticipants: body.maxParticipants ?? null });
      await recordActivity(tx, companyId, staff.user, {
        action: 'create',
        entityType: 'room',
        entityId: id,
        summary: IT_ROOMS.activity.created(body.name, storeName),
      });
      return requireRoom(tx, staff, id);
    });
  }

  /** Renames and sets the participants' limit; the store cannot change (409 naming storeId). */
  update(staff: StaffContext, roomId: string, body: { storeId?: string; name?: string; maxParticipants?: number | null }): Promise<ManagedRoom> {
    const companyId = staff.company.id;
    return this.options.db.withTenant(companyId, async (tx) => {
      const room = await requireRoom(tx, staff, roomId);
      if (body.storeId !== undefined && body.storeId !== room.storeId) throw new HttpError(409, IT_ROOMS.errors.storeFixed, 'storeId');
      if (body.name !== undefined) {
        await repository.lockRoomNames(tx, room.storeId);
        if (await repository.roomNameTaken(tx, companyId, room.storeId, body.name, roomId)) throw new HttpError(409, IT_ROOMS.errors.nameTaken, 'name');
      }
      const fields: Partial<repository.RoomFields> = {};
      if (body.name !== undefined) fields.name = body.name;
      if (body.maxParticipants !== undefined) fields.maxParticipants = body.maxParticipants;
      await repository.updateRoom(tx, companyId, roomId, fields);
      const name = body.name ?? room.name;
      await recordActivity(tx, companyId, staff.user, {
        action: 'update',
        entityType: 'room',
        entityId: roomId,
        summary: IT_ROOMS.activity.updated(name, room.storeName),
      });
      return requireRoom(tx, staff, roomId);
    });
  }

  /**
   * Refused (409, with the count) while the room has reservations to come. The room's row is
   * locked first: a reservation being added for it (its foreign key takes a share lock on the
   * row) is then either already counted or waits, and fails, once the room is gone.
   */
  async remove(staff: StaffContext, roomId: string): Promise<void> {
    const companyId = staff.company.id;
    const keys = await this.options.db.withTenant(companyId, async (tx) => {
      const room = await requireRoom(tx, staff, roomId, { forUpdate: true });
      const future = await countUpcomingBooked(tx, companyId, { roomId }, this.options.clock());
      if (future > 0) throw new HttpError(409, IT_ROOMS.errors.hasFutureReservations(future));
      const files = await repository.deleteRoom(tx, companyId, roomId);
      await recordActivity(tx, companyId, staff.user, {
        action: 'delete',
        entityType: 'room',
        entityId: roomId,
        summary: IT_ROOMS.activity.deleted(room.name, room.storeName),
      });
      return files;
    });
    await this.removeFiles(keys);
  }

  async slots(staff: StaffContext, roomId: string): Promise<RoomSlots> {
    const room = await this.get(staff, roomId);
    return { reservationSlots: room.reservationSlots, slotDuration: room.slotDuration };
  }

  setSlots(staff: StaffContext, roomId: string, slots: RoomSlots): Promise<RoomSlots> {
    const companyId = staff.company.id;
    return this.options.db.withTenant(companyId, async (tx) => {
      const room = await requireRoom(tx, staff, roomId);
      await repository.updateRoom(tx, companyId, roomId, slots);
      await recordActivity(tx, companyId, staff.user, {
        action: 'update',
        entityType: 'room',
        entityId: roomId,
        summary: IT_ROOMS.activity.slots(room.name, slots.reservationSlots, slots.slotDuration),
      });
      return slots;
    });
  }

  /** The files of a deleted room; a failure is logged, the room stays deleted. */
  private async removeFiles(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      try {
        await this.options.uploads.remove(key);
      } catch (error) {
        this.options.log.warn({ err: error, storageKey: key }, 'room deleted but one of its files could not be removed');
      }
    }
  }
}
