import { and, asc, eq, inArray, isNotNull, lt, not, sql, type SQL } from 'drizzle-orm';
import type { JoinRequestSource, JoinRequestStatus } from '@incontra/contracts/api/join-requests';
import type { Tx } from '../db/database';
import { joinRequests, phoneVerifications, reservations, rooms, stores } from '../db/schema';
import { servesStoreWhere } from '../tenancy/store-scope';

/*
 * Queries of join requests, the stores staff serve, and the rooms requests point at. Every
 * tenant-owned read filters by company_id even though row-level security hides other companies.
 */

/** The number the latest code went to: what the visitor's view shows before verification. */
const lastCodePhone = sql<string | null>`(select ${phoneVerifications.phoneNumber} from ${phoneVerifications}
  where ${phoneVerifications.joinRequestId} = ${joinRequests.id} and ${phoneVerifications.companyId} = ${joinRequests.companyId}
  order by ${phoneVerifications.createdAt} desc, ${phoneVerifications.id} desc limit 1)`;

/** The start of the appointment a reservation's request comes for (the queue says "Appuntamento 10:30"). */
const appointmentStartsAt = sql<string | Date | null>`(select ${reservations.startsAt} from ${reservations}
  where ${reservations.id} = ${joinRequests.reservationId} and ${reservations.companyId} = ${joinRequests.companyId})`;

const rowColumns = {
  id: joinRequests.id,
  companyId: joinRequests.companyId,
  storeId: joinRequests.storeId,
  storeName: stores.name,
  roomId: joinRequests.roomId,
  roomName: rooms.name,
  source: joinRequests.source,
  status: joinRequests.status,
  name: joinRequests.name,
  visitorTokenHash: joinRequests.visitorTokenHash,
  verificationRequired: joinRequests.verificationRequired,
  phoneNumber: joinRequests.phoneNumber,
  codePhoneNumber: lastCodePhone,
  message: joinRequests.message,
  handledById: joinRequests.handledById,
  handledByName: joinRequests.handledByName,
  guestIdentity: joinRequests.guestIdentity,
  createdAt: joinRequests.createdAt,
  waitingSince: joinRequests.waitingSince,
  expiresAt: joinRequests.expiresAt,
  visitorSeenAt: joinRequests.visitorSeenAt,
  reservationId: joinRequests.reservationId,
  appointmentStartsAt,
};

type SelectedRow = Awaited<ReturnType<typeof selectRows>>[number];
/** A request with its store and room names, as the views need it. */
export type JoinRequestRow = Omit<SelectedRow, 'status' | 'source'> & { status: JoinRequestStatus; source: JoinRequestSource };

function selectRows(tx: Tx, where: SQL | undefined) {
  return tx
    .select(rowColumns)
    .from(joinRequests)
    .innerJoin(stores, and(eq(stores.id, joinRequests.storeId), eq(stores.companyId, joinRequests.companyId)))
    .innerJoin(rooms, and(eq(rooms.id, joinRequests.roomId), eq(rooms.companyId, joinRequests.companyId)))
    .where(where)
    .orderBy(asc(joinRequests.createdAt), asc(joinRequests.id));
}

// The table's check constraints hold status and source to the contract's lists.
const typed = (rows: SelectedRow[]): JoinRequestRow[] => rows as JoinRequestRow[];

export async function findRequest(tx: Tx, companyId: string, id: string, lock = false): Promise<JoinRequestRow | null> {
  const where = and(eq(joinRequests.companyId, companyId), eq(joinRequests.id, id));
  if (lock) {
    // Serialises the visitor's calls on one request (a code check against a concurrent resend).
    await tx.select({ id: joinRequests.id }).from(joinRequests).where(where).for('update');
  }
  const [row] = typed(await selectRows(tx, where));
  return row ?? null;
}

export async function findRequests(tx: Tx, companyId: string, ids: readonly string[]): Promise<JoinRequestRow[]> {
  if (ids.length === 0) return [];
  return typed(await selectRows(tx, and(eq(joinRequests.companyId, companyId), inArray(joinRequests.id, [...ids]))));
}

/** Waiting for staff in the stores the staff member serves, oldest first. */
export async function listQueue(tx: Tx, companyId: string, statuses: readonly JoinRequestStatus[], staffUserId: string) {
  const conditions = [
    eq(joinRequests.companyId, companyId),
    inArray(joinRequests.status, [...statuses]),
    // Not in the queue until its phone is proven.
    not(and(eq(joinRequests.status, 'pending'), eq(joinRequests.verificationRequired, true))!),
    servesStoreWhere(companyId, staffUserId, joinRequests.storeId),
  ];
  return typed(await selectRows(tx, and(...conditions)));
}

export type JoinRequestInsert = typeof joinRequests.$inferInsert;

export async function insertRequest(tx: Tx, values: JoinRequestInsert): Promise<string> {
  const [row] = await tx.insert(joinRequests).values(values).returning({ id: joinRequests.id });
  if (!row) throw new Error('join request insert returned nothing');
  return row.id;
}

export type JoinRequestChanges = Partial<
  Pick<JoinRequestInsert, 'phoneNumber' | 'message' | 'handledById' | 'handledByName' | 'guestIdentity' | 'waitingSince' | 'expiresAt' | 'visitorSeenAt'>
>;

/**
 * The compare-and-set of every move: the row changes only while its status is one of `from`
 * (and `extra` holds). Answers the ids that moved; none means somebody else moved it first, or
 * the move is not legal from where it is.
 */
export async function moveRequests(
  tx: Tx,
  companyId: string,
  target: { ids?: readonly string[]; from: readonly JoinRequestStatus[]; extra?: SQL },
  to: JoinRequestStatus,
  changes: JoinRequestChanges,
  now: Date,
): Promise<string[]> {
  if (target.from.length === 0 || (target.ids && target.ids.length === 0)) return [];
  const conditions = [eq(joinRequests.companyId, companyId), inArray(joinRequests.status, [...target.from])];
  if (target.ids) conditions.push(inArray(joinRequests.id, [...target.ids]));
  if (target.extra) conditions.push(target.extra);
  const rows = await tx
    .update(joinRequests)
    .set({ ...changes, status: to, updatedAt: now })
    .where(and(...conditions))
    .returning({ id: joinRequests.id });
  return rows.map((row) => row.id);
}

export const requestConditions = {
  /** Staff may act on a pending request only when no phone has to be proven first. */
  inQueue: () => not(and(eq(joinRequests.status, 'pending'), eq(joinRequests.verificationRequired, true))!),
  expiredBefore: (now: Date) => lt(joinRequests.expiresAt, now),
  unseenSince: (since: Date) => lt(joinRequests.visitorSeenAt, since),
  guestIdentity: (identity: string) => eq(joinRequests.guestIdentity, identity),
  /** Unchanged since `before` (a guest entering again moves joined → joined, which counts). */
  updatedBefore: (before: Date) => lt(joinRequests.updatedAt, before),
};

/** A request in the call, with what it takes to ask whether its guest still holds a seat. */
export interface JoinedRequest {
  id: string;
  roomId: string;
  guestIdentity: string;
}

/** Requests `joined` and unchanged since `before`, the longest unchanged first, at most `limit`. */
export async function listJoinedBefore(tx: Tx, companyId: string, before: Date, limit: number): Promise<JoinedRequest[]> {
  const rows = await tx
    .select({ id: joinRequests.id, roomId: joinRequests.roomId, guestIdentity: joinRequests.guestIdentity })
    .from(joinRequests)
    .where(
      and(
        eq(joinRequests.companyId, companyId),
        eq(joinRequests.status, 'joined'),
        requestConditions.updatedBefore(before),
        isNotNull(joinRequests.guestIdentity),
      ),
    )
    .orderBy(asc(joinRequests.updatedAt), asc(joinRequests.id))
    .limit(limit);
  return rows.flatMap((row) => (row.guestIdentity === null ? [] : [{ id: row.id, roomId: row.roomId, guestIdentity: row.guestIdentity }]));
}

export async function markSeen(tx: Tx, companyId: string, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(joinRequests)
    .set({ visitorSeenAt: now })
    .where(and(eq(joinRequests.companyId, companyId), inArray(joinRequests.id, [...ids])));
}

/** The stores a staff member serves (null: all): the rule every domain shares, in tenancy. */
export { servedStoreIds, servesStore } from '../tenancy/store-scope';

export async function findStore(tx: Tx, companyId: string, storeId: string) {
  const [row] = await tx
    .select({ id: stores.id, name: stores.name, requirePhoneVerification: stores.requirePhoneVerification })
    .from(stores)
    .where(and(eq(stores.companyId, companyId), eq(stores.id, storeId)));
  return row ?? null;
}

export async function findRoom(tx: Tx, companyId: string, roomId: string) {
  const [row] = await tx
    .select({ id: rooms.id, storeId: rooms.storeId, name: rooms.name })
    .from(rooms)
    .where(and(eq(rooms.companyId, companyId), eq(rooms.id, roomId)));
  return row ?? null;
}

/** Every company with a host: what the sweeper walks through. */
export { listHostedCompanyIds as listCompanyIds } from '../tenancy/company-directory';
