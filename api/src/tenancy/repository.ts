import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { companyHosts, roomTranslations, rooms, stores } from '../db/schema';

/*
 * Queries only; every tenant-owned read filters by company_id even though row-level security
 * would hide other companies' rows anyway.
 */

/** Reads the public routing table (no tenant yet: this is how the tenant is found). */
export async function findCompanyIdByHost(tx: Tx, host: string): Promise<string | null> {
  const [row] = await tx.select({ companyId: companyHosts.companyId }).from(companyHosts).where(eq(companyHosts.host, host));
  return row?.companyId ?? null;
}

const storeColumns = { id: stores.id, name: stores.name, address: stores.address, wall: stores.wall };

export function listStores(tx: Tx, companyId: string) {
  return tx.select(storeColumns).from(stores).where(eq(stores.companyId, companyId)).orderBy(asc(stores.name), asc(stores.id));
}

export async function findStore(tx: Tx, companyId: string, storeId: string) {
  const [row] = await tx
    .select(storeColumns)
    .from(stores)
    .where(and(eq(stores.companyId, companyId), eq(stores.id, storeId)));
  return row ?? null;
}

export function listRooms(tx: Tx, companyId: string, storeId: string) {
  return tx
    .select({
      id: rooms.id,
      storeId: rooms.storeId,
      name: rooms.name,
      reservationSlots: rooms.reservationSlots,
      slotDuration: rooms.slotDuration,
      maxParticipants: rooms.maxParticipants,
    })
    .from(rooms)
    .where(and(eq(rooms.companyId, companyId), eq(rooms.storeId, storeId)))
    .orderBy(asc(rooms.name), asc(rooms.id));
}

export async function roomExists(tx: Tx, companyId: string, roomId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.companyId, companyId), eq(rooms.id, roomId)));
  return row !== undefined;
}

export function listRoomTranslations(tx: Tx, companyId: string, roomId: string) {
  return tx
    .select({ key: roomTranslations.key, label: roomTranslations.label, language: roomTranslations.language })
    .from(roomTranslations)
    .where(and(eq(roomTranslations.companyId, companyId), eq(roomTranslations.roomId, roomId)))
    .orderBy(asc(roomTranslations.language), asc(roomTranslations.key));
}
