import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { passwordResetTokens } from '../db/schema';

export async function insertResetToken(
  tx: Tx,
  token: { tokenHash: string; companyId: string; userId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await tx.insert(passwordResetTokens).values(token);
}

export async function findResetToken(tx: Tx, companyId: string, tokenHash: string) {
  const [row] = await tx
    .select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.companyId, companyId), eq(passwordResetTokens.tokenHash, tokenHash)));
  return row ?? null;
}

/** Marks the token used; false when another request used it first. */
export async function consumeResetToken(tx: Tx, companyId: string, id: string, usedAt: Date): Promise<boolean> {
  const rows = await tx
    .update(passwordResetTokens)
    .set({ usedAt })
    .where(and(eq(passwordResetTokens.companyId, companyId), eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return rows.length === 1;
}

/** A new link makes the user's older, unused links worthless. */
export async function retireUserResetTokens(tx: Tx, companyId: string, userId: string, usedAt: Date): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt })
    .where(and(eq(passwordResetTokens.companyId, companyId), eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
