import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password-hasher';
import type { Database, Tx } from '../db/database';
import { companies, companyHosts, roomTranslations, rooms, slotSchedules, stores, subscriptions, topics, users } from '../db/schema';
import { findCompanyIdByHost } from '../tenancy/facade';
import { DEMO_PASSWORD, WEEKLY_SLOTS, type SeedCompany, type SeedStore } from './demo-data';

/*
 * A demo company is written in one transaction, found again by its host on every later start and
 * then left alone: a restart never undoes what staff changed since (a renamed store, a deleted
 * room, a new password). Inside, rows are inserted if missing by natural key (slug, host, store
 * name, room name, username, ...). Runs as the owner with the tenant set, so row-level security
 * applies to the seed too.
 */

async function seedStore(tx: Tx, companyId: string, store: SeedStore): Promise<void> {
  await tx
    .insert(stores)
    .values({ companyId, name: store.name, address: store.address, wall: store.wall, requirePhoneVerification: store.requirePhoneVerification ?? null })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.companyId, companyId), eq(stores.name, store.name)));
  if (!row) throw new Error(`Seed: store ${store.name} missing after insert`);
  const storeId = row.id;
  await tx
    .insert(topics)
    .values(store.topics.map((name) => ({ companyId, storeId, name })))
    .onConflictDoNothing();
  for (const room of store.rooms) {
    const { translations, ...fields } = room;
    await tx
      .insert(rooms)
      .values({ companyId, storeId, ...fields })
      .onConflictDoNothing();
    const [roomRow] = await tx
      .select({ id: rooms.id })
      .from(rooms)
      .where(and(eq(rooms.companyId, companyId), eq(rooms.storeId, storeId), eq(rooms.name, room.name)));
    if (!roomRow) throw new Error(`Seed: room ${room.name} missing after insert`);
    const roomId = roomRow.id;
    await tx
      .insert(roomTranslations)
      .values(Object.entries(translations).map(([key, label]) => ({ companyId, roomId, key, label, language: 'it' })))
      .onConflictDoNothing();
    await tx
      .insert(slotSchedules)
      .values(WEEKLY_SLOTS.map((slot) => ({ companyId, roomId, ...slot })))
      .onConflictDoNothing();
  }
}

async function seedUsers(tx: Tx, companyId: string, company: SeedCompany): Promise<void> {
  for (const user of company.users) {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), sql`lower(${users.username}) = lower(${user.username})`));
    if (existing) continue;
    // Hashing is the slow part of a seed: only for accounts that are really new.
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await tx
      .insert(users)
      .values({ companyId, ...user, passwordHash })
      .onConflictDoNothing();
  }
}

export async function seedCompany(db: Database, company: SeedCompany, now: Date): Promise<string> {
  const [firstHost] = company.hosts;
  if (!firstHost) throw new Error(`Seed: company ${company.slug} has no host`);
  const existingId = await db.withoutTenant((tx) => findCompanyIdByHost(tx, firstHost));
  if (existingId) return existingId;
  const companyId = randomUUID();
  await db.asOwnerForTenant(companyId, async (tx) => {
    const { stores: storeList, users: _users, subscription, hosts, ...fields } = company;
    await tx
      .insert(companies)
      .values({ id: companyId, ...fields })
      .onConflictDoNothing();
    await tx
      .insert(companyHosts)
      .values(hosts.map((host) => ({ host, companyId })))
      .onConflictDoNothing();
    for (const store of storeList) await seedStore(tx, companyId, store);
    await seedUsers(tx, companyId, company);
    const periodEnds = new Date(now.getTime() + subscription.periodDays * 86_400_000);
    await tx
      .insert(subscriptions)
      .values({
        companyId,
        planId: subscription.planId,
        nextPlanId: subscription.nextPlanId,
        status: subscription.status,
        trialEndsAt: subscription.status === 'trialing' ? periodEnds : null,
        currentPeriodEndsAt: periodEnds,
      })
      .onConflictDoNothing();
  });
  return companyId;
}
