import { and, eq } from 'drizzle-orm';
import type { Database } from '../../src/db/database';
import { reservations } from '../../src/db/schema';

/** The customer's join token of a reservation (what their join link carries), read as the owner. */
export async function joinTokenOf(db: Database, companyId: string, reservationId: string): Promise<string> {
  const [row] = await db.asOwnerForTenant(companyId, (tx) =>
    tx
      .select({ joinToken: reservations.joinToken })
      .from(reservations)
      .where(and(eq(reservations.companyId, companyId), eq(reservations.id, reservationId))),
  );
  if (!row) throw new Error(`no reservation ${reservationId}`);
  return row.joinToken;
}

/** The token of a join path (`/partecipa?appuntamento=…&token=…`). */
export const tokenOfJoinPath = (path: string): string => new URL(path, 'http://link.invalid').searchParams.get('token') ?? '';
