import type { Database } from '../db/database';
import { plans } from '../db/schema';
import { sql } from 'drizzle-orm';
import { DEMO_COMPANIES, PLANS } from './demo-data';
import { seedCompany } from './seed-company';

/**
 * The price list is the product's, not the tenants': it is brought in line with the code on
 * every start. The demo companies are only created when missing.
 */
export async function seedDatabase(db: Database, now: Date = new Date()): Promise<Record<string, string>> {
  await db.asOwner((tx) =>
    tx
      .insert(plans)
      .values(PLANS)
      .onConflictDoUpdate({
        target: plans.id,
        set: {
          name: sql`excluded.name`,
          price: sql`excluded.price`,
          usersLimit: sql`excluded.users_limit`,
          rooms: sql`excluded.rooms`,
          trialDays: sql`excluded.trial_days`,
        },
      }),
  );
  const ids: Record<string, string> = {};
  for (const company of DEMO_COMPANIES) ids[company.slug] = await seedCompany(db, company, now);
  return ids;
}
