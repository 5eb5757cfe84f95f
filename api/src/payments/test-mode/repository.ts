import { and, desc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { testCards, testSetupIntents } from '../../db/schema';

export type TestCardRow = typeof testCards.$inferSelect;

export async function insertSetupIntent(tx: Tx, row: { id: string; companyId: string; clientSecretHash: string; customerId: string; createdAt: Date }) {
  await tx.insert(testSetupIntents).values(row);
}

export async function findSetupIntent(tx: Tx, companyId: string, clientSecretHash: string) {
  const [row] = await tx
    .select()
    .from(testSetupIntents)
    .where(and(eq(testSetupIntents.companyId, companyId), eq(testSetupIntents.clientSecretHash, clientSecretHash)));
  return row ?? null;
}

/** Marks the intent used (compare-and-set: false when another confirmation used it first). */
export async function useSetupIntent(tx: Tx, companyId: string, id: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(testSetupIntents)
    .set({ usedAt: at })
    .where(and(eq(testSetupIntents.companyId, companyId), eq(testSetupIntents.id, id), isNull(testSetupIntents.usedAt)))
    .returning({ id: testSetupIntents.id });
  return rows.length === 1;
}

export async function insertTestCard(tx: Tx, row: typeof testCards.$inferInsert): Promise<TestCardRow | null> {
  const [inserted] = await tx.insert(testCards).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function findTestCard(tx: Tx, companyId: string, token: string): Promise<TestCardRow | null> {
  const [row] = await tx
    .select()
    .from(testCards)
    .where(and(eq(testCards.companyId, companyId), eq(testCards.token, token)));
  return row ?? null;
}

/** Answers the authentication once: from requires_action to succeeded or failed. */
export async function answerAuthentication(tx: Tx, companyId: string, token: string, approve: boolean): Promise<TestCardRow | null> {
  const [row] = await tx
    .update(testCards)
    .set({ status: approve ? 'succeeded' : 'failed' })
    .where(and(eq(testCards.companyId, companyId), eq(testCards.token, token), eq(testCards.status, 'requires_action')))
    .returning();
  return row ?? null;
}

/**
 * Attaches a confirmed, unattached card set up for `customerId` (compare-and-set), and detaches
 * the customer's card before it (its customer cleared): the customer has one card, the last.
 */
export async function attachTestCard(tx: Tx, companyId: string, customerId: string, token: string, at: Date): Promise<TestCardRow | null> {
  const [row] = await tx
    .update(testCards)
    .set({ attachedAt: at })
    .where(
      and(
        eq(testCards.companyId, companyId),
        eq(testCards.token, token),
        eq(testCards.customerId, customerId),
        eq(testCards.purpose, 'setup'),
        eq(testCards.status, 'succeeded'),
        isNull(testCards.attachedAt),
      ),
    )
    .returning();
  if (!row) return null;
  await tx
    .update(testCards)
    .set({ customerId: null })
    .where(
      and(
        eq(testCards.companyId, companyId),
        eq(testCards.customerId, customerId),
        eq(testCards.purpose, 'setup'),
        isNotNull(testCards.attachedAt),
        ne(testCards.token, token),
      ),
    );
  return row;
}

/** The customer's card: the one attached last (attaching detaches the one before). */
export async function findDefaultCard(tx: Tx, companyId: string, customerId: string): Promise<TestCardRow | null> {
  const [row] = await tx
    .select()
    .from(testCards)
    .where(and(eq(testCards.companyId, companyId), eq(testCards.customerId, customerId), eq(testCards.purpose, 'setup'), isNotNull(testCards.attachedAt)))
    .orderBy(desc(testCards.attachedAt))
    .limit(1);
  return row ?? null;
}
