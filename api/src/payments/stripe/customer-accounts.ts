import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { paymentAccounts } from '../../db/schema';

/* The company's Stripe connected account (payment_accounts): one row per company, its flags refreshed. */

export type PaymentAccountRow = typeof paymentAccounts.$inferSelect;

export async function findPaymentAccount(tx: Tx, companyId: string): Promise<PaymentAccountRow | null> {
  const [row] = await tx.select().from(paymentAccounts).where(eq(paymentAccounts.companyId, companyId));
  return row ?? null;
}

/** Keeps the account created for the company; the one kept first stays (the same, by its idempotency key). */
export async function insertPaymentAccount(tx: Tx, companyId: string, providerAccountId: string, at: Date): Promise<PaymentAccountRow> {
  await tx.insert(paymentAccounts).values({ companyId, providerAccountId, updatedAt: at }).onConflictDoNothing({ target: paymentAccounts.companyId });
  return (await findPaymentAccount(tx, companyId))!;
}

/** Stores the flags Stripe answered for the company's account (only for the account it has). */
export async function storeAccountFlags(
  tx: Tx,
  companyId: string,
  providerAccountId: string,
  flags: { chargesEnabled: boolean; detailsSubmitted: boolean; at: Date },
): Promise<PaymentAccountRow | null> {
  const [row] = await tx
    .update(paymentAccounts)
    .set({ chargesEnabled: flags.chargesEnabled, detailsSubmitted: flags.detailsSubmitted, updatedAt: flags.at })
    .where(and(eq(paymentAccounts.companyId, companyId), eq(paymentAccounts.providerAccountId, providerAccountId)))
    .returning();
  return row ?? null;
}
