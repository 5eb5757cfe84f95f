import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { companies, stores } from '../db/schema';

/* Queries only: the rules (what may change, sanitising, the activity log) are the service's. */

/** The company's row as visitors may read it (PublicCompany before its theme and settings are parsed). */
export async function findPublicCompanyRow(tx: Tx, companyId: string) {
  const [row] = await tx
    .select({
      id: companies.id,
      name: companies.name,
      slug: companies.slug,
      primaryColor: companies.primaryColor,
      theme: companies.theme,
      logo: companies.logo,
      privacyPolicy: companies.privacyPolicy,
      tosPolicy: companies.tosPolicy,
      wall: companies.wall,
      settings: companies.settings,
      timeZone: companies.timeZone,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ?? null;
}

export type CompanyChanges = Partial<
  Pick<typeof companies.$inferInsert, 'name' | 'primaryColor' | 'theme' | 'logo' | 'timeZone' | 'settings' | 'privacyPolicy' | 'tosPolicy' | 'wall'>
>;

/** Locks the row for the rest of the transaction: settings are read, changed and written back. */
export async function lockCompanySettings(tx: Tx, companyId: string): Promise<unknown> {
  const [row] = await tx.select({ settings: companies.settings }).from(companies).where(eq(companies.id, companyId)).for('update');
  return row?.settings ?? {};
}

export async function updateCompany(tx: Tx, companyId: string, changes: CompanyChanges): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await tx.update(companies).set(changes).where(eq(companies.id, companyId));
}

/** The store's name when it is this company's, else null. */
export async function updateStoreWall(tx: Tx, companyId: string, storeId: string, wall: string | null): Promise<string | null> {
  const [row] = await tx
    .update(stores)
    .set({ wall })
    .where(and(eq(stores.companyId, companyId), eq(stores.id, storeId)))
    .returning({ name: stores.name });
  return row?.name ?? null;
}
