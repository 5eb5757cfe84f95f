import { eq } from 'drizzle-orm';
import { rooms } from '../../src/db/schema';
import { seedDatabase } from '../../src/seed/seed';
import type { TestApp } from './test-app';
import { TestClient } from './test-client';

export interface SeededRooms {
  demoId: string;
  acmeId: string;
  /** A seeded room's id by its name (Demo: Sala Consulenza 4, Sala Assistenza 2, Sala Roma no limit; Acme: Sala Acme). */
  room(name: string): string;
}

/** The seeded companies and rooms (the seed is idempotent: it only reads them back here). */
export async function seededRooms(t: TestApp): Promise<SeededRooms> {
  const ids = await seedDatabase(t.db, t.clock.now());
  const demoId = ids.demo!;
  const acmeId = ids.acme!;
  const byName = new Map<string, string>();
  for (const companyId of [demoId, acmeId]) {
    const rows = await t.db.asOwnerForTenant(companyId, (tx) =>
      tx.select({ id: rooms.id, name: rooms.name }).from(rooms).where(eq(rooms.companyId, companyId)),
    );
    for (const row of rows) byName.set(row.name, row.id);
  }
  return {
    demoId,
    acmeId,
    room(name) {
      const id = byName.get(name);
      if (!id) throw new Error(`no seeded room ${name}`);
      return id;
    },
  };
}

export async function signedInStaff(t: TestApp, username = 'admin', host = 'demo.localhost'): Promise<TestClient> {
  const browser = new TestClient(t.app, host);
  const response = await browser.login(username);
  if (response.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${response.statusCode}`);
  return browser;
}
