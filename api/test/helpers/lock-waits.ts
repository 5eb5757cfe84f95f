import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/database';

/**
 * Whether PostgreSQL runs these tests: only there do transactions run side by side (PGlite has
 * one connection), so only there can a race be made to happen at a row.
 */
export const racesAtRows = Boolean(process.env.DATABASE_URL);

/**
 * How many of this database's connections are waiting for a lock (PostgreSQL): the sign that
 * the racers a test let loose are all held at the row it keeps locked.
 */
export async function waitingOnLocks(db: Database): Promise<number> {
  const result = (await db.asOwner((tx) =>
    tx.execute(sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`),
  )) as unknown as { rows: { waiting: number }[] };
  return result.rows[0]?.waiting ?? 0;
}
