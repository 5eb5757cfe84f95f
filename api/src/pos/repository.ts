import { and, count, desc, eq, gte, lt, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ListRequest } from '@incontra/contracts/api/list-page';
import type { PosStatus } from '@incontra/contracts/api/pos';
import type { Tx } from '../db/database';
import { offsetOf, orderOf, searchCondition, totalOf, totalOverSql } from '../db/list-page';
import { companies, posPayments, posSettings, rooms, stores } from '../db/schema';
import { servesStoreWhere } from '../tenancy/store-scope';

/*
 * Queries only. Every one filters by company_id (row-level security would hide other companies'
 * rows anyway), and every read for a staff member filters by the stores they serve in the same
 * statement (servesStoreWhere).
 */

// The store's name as it is now, or as it was when the store was deleted (the request stays: drizzle/0020).
const storeNameNow = sql<string>`coalesce(${stores.name}, ${posPayments.storeName})`;

const paymentColumns = {
  id: posPayments.id,
  storeId: posPayments.storeId,
  storeName: storeNameNow,
  amount: posPayments.amount,
  description: posPayments.description,
  email: posPayments.email,
  phone: posPayments.phone,
  status: posPayments.status,
  token: posPayments.token,
  providerAccountId: posPayments.providerAccountId,
  providerPaymentId: posPayments.providerPaymentId,
  clientSecret: posPayments.clientSecret,
  publishableKey: posPayments.publishableKey,
  createdByName: posPayments.createdByName,
  createdAt: posPayments.createdAt,
  expiresAt: posPayments.expiresAt,
  paidAt: posPayments.paidAt,
  cancelledAt: posPayments.cancelledAt,
  last4: posPayments.last4,
};

export type PaymentRow = Omit<Awaited<ReturnType<typeof selectPayments>>[number], 'status'> & { status: PosStatus };

const storeJoin = and(eq(stores.id, posPayments.storeId), eq(stores.companyId, posPayments.companyId));

function selectPayments(tx: Tx, where: SQL | undefined) {
  return tx.select(paymentColumns).from(posPayments).leftJoin(stores, storeJoin).where(where);
}

/** One request of the company; with `staffUserId`, only when that staff member serves its store. */
export async function findPayment(tx: Tx, companyId: string, id: string, staffUserId: string | null): Promise<PaymentRow | null> {
  const [row] = await selectPayments(
    tx,
    and(eq(posPayments.companyId, companyId), eq(posPayments.id, id), staffUserId ? servesStoreWhere(companyId, staffUserId, posPayments.storeId) : undefined),
  );
  return (row as PaymentRow | undefined) ?? null;
}

/** The request a link's token names, in the company of the host it was opened on. */
export async function findPaymentByToken(tx: Tx, companyId: string, token: string): Promise<PaymentRow | null> {
  const [row] = await selectPayments(tx, and(eq(posPayments.companyId, companyId), eq(posPayments.token, token)));
  return (row as PaymentRow | undefined) ?? null;
}

/** The company's name and time zone, for what its customers read. */
export async function findCompanyFace(tx: Tx, companyId: string): Promise<{ name: string; timeZone: string } | null> {
  const [row] = await tx.select({ name: companies.name, timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId));
  return row ?? null;
}

/** The stores the staff member serves, by name. */
export async function listServedStores(tx: Tx, companyId: string, staffUserId: string): Promise<{ id: string; name: string }[]> {
  return tx
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(and(eq(stores.companyId, companyId), servesStoreWhere(companyId, staffUserId, stores.id)))
    .orderBy(sql`lower(${stores.name})`, stores.id);
}

/**
 * The store's name when it is the company's and the staff member serves it; null otherwise. The
 * store is key-share locked until the transaction ends: a deletion of it waits for the new request
 * and then counts it as open (409), or went first and the store is not found.
 */
export async function findServedStoreName(tx: Tx, companyId: string, staffUserId: string, storeId: string): Promise<string | null> {
  const [row] = await tx
    .select({ name: stores.name })
    .from(stores)
    .where(and(eq(stores.companyId, companyId), eq(stores.id, storeId), servesStoreWhere(companyId, staffUserId, stores.id)))
    .for('key share', { of: stores });
  return row?.name ?? null;
}

/** Whether the room is one of the store's (the video call a request is made in). */
export async function isRoomOfStore(tx: Tx, companyId: string, storeId: string, roomId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.companyId, companyId), eq(rooms.storeId, storeId), eq(rooms.id, roomId)));
  return row !== undefined;
}

/**
 * Serialises the company's new requests (until the transaction ends), so that the count of open
 * ones and the insert that follows it are one step: parallel creates cannot pass the bound together.
 */
export async function lockCompanyRequests(tx: Tx, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('incontra.pos-requests'), hashtext(${companyId}))`);
}

/** Requests still waiting to be paid at `now` (requested, not yet past their expiry), of the company or of one of its stores. */
export async function countOpenPayments(tx: Tx, companyId: string, now: Date, storeId?: string): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(posPayments)
    .where(
      and(
        eq(posPayments.companyId, companyId),
        storeId === undefined ? undefined : eq(posPayments.storeId, storeId),
        eq(posPayments.status, 'requested'),
        sql`${posPayments.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    );
  return row?.value ?? 0;
}

export type NewPayment = typeof posPayments.$inferInsert;

export async function insertPayment(tx: Tx, payment: NewPayment): Promise<void> {
  await tx.insert(posPayments).values(payment);
}

/**
 * Paid, once: the compare-and-set that a verify, the provider's event and the sweep all go
 * through. Answers true for the one call that made it paid; any other (already paid) gets false.
 */
export async function markPaid(tx: Tx, companyId: string, id: string, paidAt: Date, last4: string | null): Promise<boolean> {
  const rows = await tx
    .update(posPayments)
    .set({ status: 'paid', paidAt, last4 })
    .where(and(eq(posPayments.companyId, companyId), eq(posPayments.id, id), ne(posPayments.status, 'paid')))
    .returning({ id: posPayments.id });
  return rows.length > 0;
}

/** requested → cancelled (compare-and-set); answers whether this call did it. */
export async function markCancelled(tx: Tx, companyId: string, id: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(posPayments)
    .set({ status: 'cancelled', cancelledAt: at })
    .where(and(eq(posPayments.companyId, companyId), eq(posPayments.id, id), eq(posPayments.status, 'requested')))
    .returning({ id: posPayments.id });
  return rows.length > 0;
}

/** requested and past its expiry at `now` → expired (compare-and-set); answers whether this call did it. */
export async function markExpired(tx: Tx, companyId: string, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(posPayments)
    .set({ status: 'expired' })
    .where(
      and(
        eq(posPayments.companyId, companyId),
        eq(posPayments.id, id),
        eq(posPayments.status, 'requested'),
        sql`${posPayments.expiresAt} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: posPayments.id });
  return rows.length > 0;
}

/** Up to `limit` of the company's requests still `requested` past their expiry at `now`, the oldest first. */
export async function listDuePayments(tx: Tx, companyId: string, now: Date, limit: number): Promise<PaymentRow[]> {
  const rows = await selectPayments(
    tx,
    and(eq(posPayments.companyId, companyId), eq(posPayments.status, 'requested'), sql`${posPayments.expiresAt} <= ${now.toISOString()}::timestamptz`),
  )
    .orderBy(posPayments.expiresAt, posPayments.id)
    .limit(limit);
  return rows as PaymentRow[];
}

/** What a list is narrowed by: the staff member's stores always, then the filters chosen. */
export interface PaymentFilters {
  staffUserId: string;
  storeId?: string;
  status?: PosStatus;
  /** Created at or after / before (the instants of the company's days chosen). */
  createdFrom?: Date;
  createdBefore?: Date;
  q: string;
  now: Date;
}

// A request still `requested` past its expiry is expired: the lists say so before the sweep has run.
const statusNow = (now: Date) =>
  sql<PosStatus>`case when ${posPayments.status} = 'requested' and ${posPayments.expiresAt} <= ${now.toISOString()}::timestamptz then 'expired' else ${posPayments.status} end`;

function statusCondition(status: PosStatus, now: Date): SQL {
  const past = sql`${posPayments.expiresAt} <= ${now.toISOString()}::timestamptz`;
  if (status === 'requested') return and(eq(posPayments.status, 'requested'), sql`not (${past})`)!;
  if (status === 'expired') return sql`(${posPayments.status} = 'expired' or (${posPayments.status} = 'requested' and ${past}))`;
  return eq(posPayments.status, status);
}

function whereOf(companyId: string, filters: PaymentFilters, { withStatus = true } = {}): SQL | undefined {
  return and(
    eq(posPayments.companyId, companyId),
    servesStoreWhere(companyId, filters.staffUserId, posPayments.storeId),
    filters.storeId ? eq(posPayments.storeId, filters.storeId) : undefined,
    withStatus && filters.status ? statusCondition(filters.status, filters.now) : undefined,
    filters.createdFrom ? gte(posPayments.createdAt, filters.createdFrom) : undefined,
    filters.createdBefore ? lt(posPayments.createdAt, filters.createdBefore) : undefined,
    searchCondition(filters.q, [posPayments.description, posPayments.email, posPayments.phone, storeNameNow]),
  );
}

export type PosSortKey = 'createdAt' | 'amount' | 'status';

const ORDER: Record<PosSortKey, SQL | AnyColumn> = {
  createdAt: posPayments.createdAt,
  amount: posPayments.amount,
  status: posPayments.status,
};

/** One page of the requests (newest first unless a header chose another order), its total carried on each row. */
export async function listPaymentsPage(tx: Tx, companyId: string, filters: PaymentFilters, request: ListRequest<PosSortKey>) {
  const where = whereOf(companyId, filters);
  const order = request.sort === null ? [desc(posPayments.createdAt), desc(posPayments.id)] : orderOf(request, ORDER, [], posPayments.id);
  const rows = await tx
    .select({ ...paymentColumns, status: statusNow(filters.now), total: totalOverSql })
    .from(posPayments)
    .leftJoin(stores, storeJoin)
    .where(where)
    .orderBy(...order)
    .limit(request.pageSize)
    .offset(offsetOf(request));
  const total = await totalOf(rows, request, async () => {
    const [row] = await tx.select({ value: count() }).from(posPayments).leftJoin(stores, storeJoin).where(where);
    return row?.value ?? 0;
  });
  return { rows: rows.map(({ total: _total, ...row }) => row as PaymentRow), total };
}

/** Every matching request up to `limit`, newest first (the CSV export). */
export async function listPaymentsForExport(tx: Tx, companyId: string, filters: PaymentFilters, limit: number): Promise<PaymentRow[]> {
  const rows = await tx
    .select({ ...paymentColumns, status: statusNow(filters.now) })
    .from(posPayments)
    .leftJoin(stores, storeJoin)
    .where(whereOf(companyId, filters))
    .orderBy(desc(posPayments.createdAt), desc(posPayments.id))
    .limit(limit);
  return rows as PaymentRow[];
}

/**
 * What was paid per day of the company's zone and store: the requests the filters find (the
 * status aside: only paid ones count) by the day they were PAID, `paidFrom`/`paidBefore` bounding
 * that day; the newest day first, at most `limit` lines.
 */
export async function dailyTotals(
  tx: Tx,
  companyId: string,
  filters: PaymentFilters,
  timeZone: string,
  limit: number,
): Promise<{ date: string; storeId: string | null; storeName: string; count: number; amount: number }[]> {
  const day = sql<string>`to_char((${posPayments.paidAt} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
  const byPaidDay: PaymentFilters = { ...filters, createdFrom: undefined, createdBefore: undefined };
  return (
    tx
      .select({
        date: day,
        storeId: posPayments.storeId,
        storeName: storeNameNow,
        count: sql<number>`count(*)::int`,
        amount: sql<number>`sum(${posPayments.amount})::int`,
      })
      .from(posPayments)
      .leftJoin(stores, storeJoin)
      .where(
        and(
          whereOf(companyId, byPaidDay, { withStatus: false }),
          eq(posPayments.status, 'paid'),
          filters.createdFrom ? gte(posPayments.paidAt, filters.createdFrom) : undefined,
          filters.createdBefore ? lt(posPayments.paidAt, filters.createdBefore) : undefined,
        ),
      )
      // By position: the day's expression carries the zone as a parameter, and a second copy of it
      // (another parameter number) would not be recognised as the same expression.
      .groupBy(sql`1`, posPayments.storeId, sql`3`)
      .orderBy(sql`1 desc`, sql`lower(${storeNameNow})`, posPayments.storeId)
      .limit(limit)
  );
}

/** The company's expiry in hours; null when it has never chosen one (the default applies). */
export async function readExpiryHours(tx: Tx, companyId: string): Promise<number | null> {
  const [row] = await tx.select({ expiryHours: posSettings.expiryHours }).from(posSettings).where(eq(posSettings.companyId, companyId));
  return row?.expiryHours ?? null;
}

export async function writeExpiryHours(tx: Tx, companyId: string, expiryHours: number): Promise<void> {
  await tx
    .insert(posSettings)
    .values({ companyId, expiryHours })
    .onConflictDoUpdate({ target: posSettings.companyId, set: { expiryHours, updatedAt: sql`now()` } });
}
