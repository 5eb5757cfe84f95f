import { and, asc, eq, gt, gte, inArray, lt, notExists, or, sql, type SQL } from 'drizzle-orm';
import { ACTIVE_RESERVATION_STATUSES } from '@incontra/contracts/api/reservations';
import type { TimeRange } from '@incontra/contracts/api/room-management';
import type { Tx } from '../db/database';
import { totalOverSql } from '../db/list-page';
import { hhmm } from '../scheduling/zoned-time';
import { servesStoreWhere } from '../tenancy/store-scope';
import { companies, reservationParticipants, reservations, roomOpeningExceptions, rooms, slotSchedules, stores, topicRooms, topics, users } from '../db/schema';
import type { HeldPlace, RoomSchedule } from './free-slots';

/* Queries only; every read filters by company_id, as row-level security does anyway. */

export async function findTopic(tx: Tx, companyId: string, storeId: string, topicId: string) {
  const [row] = await tx
    .select({ id: topics.id, name: topics.name, price: topics.price })
    .from(topics)
    .where(and(eq(topics.companyId, companyId), eq(topics.storeId, storeId), eq(topics.id, topicId)));
  return row ?? null;
}

/**
 * The rooms serving the topic (those named for it, else every room of its store), each with its
 * weekly opening and its exceptions from `fromDate` on, in name order.
 */
export async function topicSchedules(tx: Tx, companyId: string, storeId: string, topicId: string, fromDate: string): Promise<RoomSchedule[]> {
  const named = tx
    .select({ roomId: topicRooms.roomId })
    .from(topicRooms)
    .where(and(eq(topicRooms.companyId, companyId), eq(topicRooms.topicId, topicId)));
  const roomRows = await tx
    .select({ id: rooms.id, capacity: rooms.reservationSlots, slotDuration: rooms.slotDuration })
    .from(rooms)
    .where(
      and(
        eq(rooms.companyId, companyId),
        eq(rooms.storeId, storeId),
        or(
          inArray(rooms.id, named),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(topicRooms)
              .where(and(eq(topicRooms.companyId, companyId), eq(topicRooms.topicId, topicId))),
          ),
        ),
      ),
    )
    .orderBy(asc(rooms.name), asc(rooms.id));
  if (roomRows.length === 0) return [];
  const roomIds = roomRows.map((room) => room.id);
  const weeklyRows = await tx
    .select({ roomId: slotSchedules.roomId, weekday: slotSchedules.weekday, start: slotSchedules.startTime, end: slotSchedules.endTime })
    .from(slotSchedules)
    .where(and(eq(slotSchedules.companyId, companyId), inArray(slotSchedules.roomId, roomIds)))
    .orderBy(asc(slotSchedules.startTime));
  const exceptionRows = await tx
    .select({ roomId: roomOpeningExceptions.roomId, date: roomOpeningExceptions.date, ranges: roomOpeningExceptions.ranges })
    .from(roomOpeningExceptions)
    .where(and(eq(roomOpeningExceptions.companyId, companyId), inArray(roomOpeningExceptions.roomId, roomIds), gte(roomOpeningExceptions.date, fromDate)));
  return roomRows.map((room) => {
    const weekly = new Map<number, TimeRange[]>();
    for (const row of weeklyRows) {
      if (row.roomId !== room.id) continue;
      const ranges = weekly.get(row.weekday) ?? [];
      ranges.push({ start: hhmm(row.start), end: hhmm(row.end) });
      weekly.set(row.weekday, ranges);
    }
    const exceptions = new Map<string, TimeRange[]>();
    for (const row of exceptionRows) if (row.roomId === room.id) exceptions.set(row.date, row.ranges);
    return { roomId: room.id, capacity: room.capacity, slotDuration: room.slotDuration, weekly, exceptions };
  });
}

/**
 * Holds a place now: an active reservation, or one held for payment whose hold has not ended (an
 * ended one is released before any write looks for a place: payments.ts releaseEndedHolds).
 */
export const holdsPlaceWhere = (now: Date) =>
  or(inArray(reservations.status, [...ACTIVE_RESERVATION_STATUSES]), and(eq(reservations.status, 'held'), gt(reservations.holdExpiresAt, now)))!;

/** The places active (or held) reservations hold in these rooms at some moment of [from, to); `except` left out. */
export async function heldPlaces(tx: Tx, companyId: string, roomIds: string[], from: Date, to: Date, now: Date, except?: string): Promise<HeldPlace[]> {
  if (roomIds.length === 0) return [];
  const conditions = [
    eq(reservations.companyId, companyId),
    inArray(reservations.roomId, roomIds),
    holdsPlaceWhere(now),
    lt(reservations.startsAt, to),
    gt(reservations.endsAt, from),
  ];
  if (except) conditions.push(sql`${reservations.id} <> ${except}`);
  return tx
    .select({ roomId: reservations.roomId, seat: reservations.seat, startsAt: reservations.startsAt, endsAt: reservations.endsAt })
    .from(reservations)
    .where(and(...conditions));
}

export type NewReservation = typeof reservations.$inferInsert;

/**
 * Takes place `seat` of the room for the appointment, or answers null when an active reservation
 * holds that place over an overlapping period (the exclusion constraint decides, after waiting
 * for any transaction still writing one).
 */
export async function insertAtPlace(tx: Tx, values: NewReservation): Promise<boolean> {
  const inserted = await tx.insert(reservations).values(values).onConflictDoNothing().returning({ id: reservations.id });
  return inserted.length > 0;
}

/** Serialises the bookings of one e-mail address at a company until the transaction ends. */
export async function lockCustomerEmail(tx: Tx, companyId: string, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('incontra.booking-email'), hashtext(${`${companyId}\n${email}`}))`);
}

/** The company's appointments still booked (or held for payment, the hold not ended) that also meet `conditions`. */
async function countBooked(tx: Tx, companyId: string, now: Date, ...conditions: SQL[]): Promise<number> {
  const booked = or(eq(reservations.status, 'booked'), and(eq(reservations.status, 'held'), gt(reservations.holdExpiresAt, now)))!;
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(reservations)
    .where(and(eq(reservations.companyId, companyId), booked, ...conditions));
  return row?.count ?? 0;
}

/**
 * Appointments of a store or a room still booked and to start: they block its deletion (one
 * cancelled, or already joined early, holds nothing).
 */
export function countUpcomingBooked(tx: Tx, companyId: string, place: { storeId: string } | { roomId: string }, now: Date): Promise<number> {
  const ofPlace = 'storeId' in place ? eq(reservations.storeId, place.storeId) : eq(reservations.roomId, place.roomId);
  return countBooked(tx, companyId, now, ofPlace, gt(reservations.startsAt, now));
}

/** Appointments still to end booked by this customer (their address's key: see customer-email.ts). */
export function countUpcomingForEmail(tx: Tx, companyId: string, emailKey: string, now: Date): Promise<number> {
  return countBooked(tx, companyId, now, eq(reservations.customerEmailKey, emailKey), gt(reservations.endsAt, now));
}

export async function findByIdempotencyKey(tx: Tx, companyId: string, keyHash: string) {
  const [row] = await tx
    .select({ id: reservations.id, requestHash: reservations.requestHash })
    .from(reservations)
    .where(and(eq(reservations.companyId, companyId), eq(reservations.idempotencyKeyHash, keyHash)));
  return row ?? null;
}

/** A reservation with what its views and e-mails name (its company, store, room and topic). */
const reservationColumns = {
  id: reservations.id,
  status: reservations.status,
  cancelledBy: reservations.cancelledBy,
  createdBy: reservations.createdBy,
  createdAt: reservations.createdAt,
  storeId: reservations.storeId,
  roomId: reservations.roomId,
  topicId: reservations.topicId,
  seat: reservations.seat,
  startsAt: reservations.startsAt,
  endsAt: reservations.endsAt,
  sequence: reservations.sequence,
  firstName: reservations.customerFirstName,
  lastName: reservations.customerLastName,
  customerName: reservations.customerName,
  email: reservations.customerEmail,
  phone: reservations.customerPhone,
  notes: reservations.notes,
  manageTokenHash: reservations.manageTokenHash,
  joinToken: reservations.joinToken,
  participantInvites: reservations.participantInvites,
  linkOrigin: reservations.linkOrigin,
  holdExpiresAt: reservations.holdExpiresAt,
  paymentAmount: reservations.paymentAmount,
  paymentStatus: reservations.paymentStatus,
  paymentId: reservations.paymentId,
  paymentAccount: reservations.paymentAccount,
  heldManageToken: reservations.heldManageToken,
  companyName: companies.name,
  timeZone: companies.timeZone,
  storeName: stores.name,
  storeAddress: stores.address,
  roomName: rooms.name,
  topicName: topics.name,
};

/** The reservation with what its views and e-mails name; `lock`: held until the transaction ends. */
export async function findReservation(tx: Tx, companyId: string, id: string, lock = false) {
  const query = tx
    .select(reservationColumns)
    .from(reservations)
    .innerJoin(companies, eq(companies.id, reservations.companyId))
    .innerJoin(stores, and(eq(stores.id, reservations.storeId), eq(stores.companyId, reservations.companyId)))
    .innerJoin(rooms, and(eq(rooms.id, reservations.roomId), eq(rooms.companyId, reservations.companyId)))
    .leftJoin(topics, and(eq(topics.id, reservations.topicId), eq(topics.companyId, reservations.companyId)))
    .where(and(eq(reservations.companyId, companyId), eq(reservations.id, id)));
  const [row] = lock ? await query.for('update', { of: reservations }) : await query;
  return row ?? null;
}
export type ReservationRow = NonNullable<Awaited<ReturnType<typeof findReservation>>>;

/**
 * Moves the reservation to another room, place and period, or answers false when an active
 * reservation already holds that place then (checked first, so that the usual refusal costs no
 * error; the exclusion constraint still decides against a writer that has not committed yet).
 */
export async function moveToPlace(
  tx: Tx,
  companyId: string,
  id: string,
  to: { roomId: string; seat: number; startsAt: Date; endsAt: Date; reminderDaySentAt: Date | null; reminderHourSentAt: Date | null },
): Promise<boolean> {
  const updated = await tx
    .update(reservations)
    .set({ ...to, sequence: sql`${reservations.sequence} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(reservations.companyId, companyId),
        eq(reservations.id, id),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(reservations)
            .where(
              sql`${reservations.companyId} = ${companyId} and ${reservations.roomId} = ${to.roomId} and ${reservations.seat} = ${to.seat}
                and ${reservations.status} in ('booked', 'completed', 'held') and ${reservations.id} <> ${id}
                and tstzrange(${reservations.startsAt}, ${reservations.endsAt}) && tstzrange(${to.startsAt}, ${to.endsAt})`,
            ),
        ),
      ),
    )
    .returning({ id: reservations.id });
  return updated.length > 0;
}

export async function cancelReservation(tx: Tx, companyId: string, id: string, by: 'customer' | 'staff', now: Date): Promise<void> {
  await tx
    .update(reservations)
    .set({ status: 'cancelled', cancelledBy: by, cancelledAt: now, sequence: sql`${reservations.sequence} + 1`, updatedAt: sql`now()` })
    .where(and(eq(reservations.companyId, companyId), eq(reservations.id, id)));
}

/** The active staff with an e-mail who serve the store (the rule of tenancy/store-scope). */
export async function storeStaffEmails(tx: Tx, companyId: string, storeId: string): Promise<string[]> {
  const rows = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.active, true), sql`${users.email} <> ''`, servesStoreWhere(companyId, users.id, storeId)))
    .orderBy(asc(users.email));
  return rows.map((row) => row.email);
}

export interface StaffListFilter {
  /** Whose list: the reservations of the stores they serve. */
  staffUserId: string;
  store?: string;
  room?: string;
  topic?: string;
  status?: string;
  /** [from, to) as instants (the dates of the company's zone, converted by the caller). */
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

/** The reservations staff see, by start (then id), a page of them with the count of all. */
export async function listForStaff(tx: Tx, companyId: string, filter: StaffListFilter) {
  const conditions = [eq(reservations.companyId, companyId), servesStoreWhere(companyId, filter.staffUserId, reservations.storeId)];
  if (filter.store) conditions.push(eq(reservations.storeId, filter.store));
  if (filter.room) conditions.push(eq(reservations.roomId, filter.room));
  if (filter.topic) conditions.push(eq(reservations.topicId, filter.topic));
  if (filter.status) conditions.push(eq(reservations.status, filter.status));
  if (filter.from) conditions.push(gte(reservations.startsAt, filter.from));
  if (filter.to) conditions.push(lt(reservations.startsAt, filter.to));
  // The same rows as findReservation's, a page of them, with the count of all.
  return tx
    .select({ ...reservationColumns, total: totalOverSql })
    .from(reservations)
    .innerJoin(companies, eq(companies.id, reservations.companyId))
    .innerJoin(stores, and(eq(stores.id, reservations.storeId), eq(stores.companyId, reservations.companyId)))
    .innerJoin(rooms, and(eq(rooms.id, reservations.roomId), eq(rooms.companyId, reservations.companyId)))
    .leftJoin(topics, and(eq(topics.id, reservations.topicId), eq(topics.companyId, reservations.companyId)))
    .where(and(...conditions))
    .orderBy(asc(reservations.startsAt), asc(reservations.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

/** Marks what happened at the appointment (staff's correction after its start). */
export async function setOutcome(tx: Tx, companyId: string, id: string, status: 'completed' | 'no_show'): Promise<void> {
  await tx
    .update(reservations)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(reservations.companyId, companyId), eq(reservations.id, id)));
}

const participantColumns = {
  id: reservationParticipants.id,
  reservationId: reservationParticipants.reservationId,
  name: reservationParticipants.name,
  email: reservationParticipants.email,
  tokenHash: reservationParticipants.tokenHash,
  createdAt: reservationParticipants.createdAt,
};
export type ParticipantRow = Awaited<ReturnType<typeof participantsOf>>[number];

/** Who else is invited to the reservation, in the order they were invited. */
export async function participantsOf(tx: Tx, companyId: string, reservationId: string) {
  return tx
    .select(participantColumns)
    .from(reservationParticipants)
    .where(and(eq(reservationParticipants.companyId, companyId), eq(reservationParticipants.reservationId, reservationId)))
    .orderBy(asc(reservationParticipants.createdAt), asc(reservationParticipants.id));
}

export async function findParticipant(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select(participantColumns)
    .from(reservationParticipants)
    .where(and(eq(reservationParticipants.companyId, companyId), eq(reservationParticipants.id, id)));
  return row ?? null;
}

/** Inserts the invitation unless the address is invited to that reservation already (then null). */
export async function insertParticipant(tx: Tx, values: typeof reservationParticipants.$inferInsert) {
  const [row] = await tx.insert(reservationParticipants).values(values).onConflictDoNothing().returning(participantColumns);
  return row ?? null;
}

export async function deleteParticipant(tx: Tx, companyId: string, id: string): Promise<void> {
  await tx.delete(reservationParticipants).where(and(eq(reservationParticipants.companyId, companyId), eq(reservationParticipants.id, id)));
}

/** One more invitation sent for the reservation (withdrawn ones stay counted). */
export async function countParticipantInvite(tx: Tx, companyId: string, id: string): Promise<void> {
  await tx
    .update(reservations)
    .set({ participantInvites: sql`${reservations.participantInvites} + 1` })
    .where(and(eq(reservations.companyId, companyId), eq(reservations.id, id)));
}

/**
 * The room's appointments of this status still to start after `now`, with their topic's name: a
 * new opening of the room decides on the booked ones (rooms' closing) and releases the held ones.
 * The shape the closing's rule reads (rooms/closing.ts).
 */
function roomAppointmentsAhead(tx: Tx, companyId: string, roomId: string, now: Date, status: 'booked' | 'held') {
  return tx
    .select({
      id: reservations.id,
      startsAt: reservations.startsAt,
      endsAt: reservations.endsAt,
      customerName: reservations.customerName,
      topicName: topics.name,
    })
    .from(reservations)
    .leftJoin(topics, and(eq(topics.id, reservations.topicId), eq(topics.companyId, reservations.companyId)))
    .where(and(eq(reservations.companyId, companyId), eq(reservations.roomId, roomId), eq(reservations.status, status), gt(reservations.startsAt, now)));
}

export type AppointmentAhead = Awaited<ReturnType<typeof roomAppointmentsAhead>>[number];

/** The room's booked appointments still to start, by start. */
export function bookedAhead(tx: Tx, companyId: string, roomId: string, now: Date): Promise<AppointmentAhead[]> {
  return roomAppointmentsAhead(tx, companyId, roomId, now, 'booked').orderBy(asc(reservations.startsAt), asc(reservations.id));
}

/** The room's holds still to start, by start, locked in id order (as every writer of holds locks them: two writers never deadlock). */
export async function lockHeldAhead(tx: Tx, companyId: string, roomId: string, now: Date): Promise<AppointmentAhead[]> {
  const rows = await roomAppointmentsAhead(tx, companyId, roomId, now, 'held').orderBy(asc(reservations.id)).for('update', { of: reservations });
  return rows.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id.localeCompare(b.id));
}
