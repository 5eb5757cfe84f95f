import { and, asc, desc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { mailOutbox } from '../db/schema';
import type { MailMessage } from './mail-transport';

/**
 * created_at is the database's clock (microseconds): the outbox lists messages in sending order.
 * `redeliverAt`: when the redelivery sweep takes it if it is still unsent (null: never, there is
 * no transport and the row is the delivery). `sentBy`: the staff member whose action sent it.
 */
export async function insertOutboxMessage(tx: Tx, companyId: string, message: MailMessage, redeliverAt: Date | null, sentBy: string | null): Promise<string> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      companyId,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      attachments: message.attachments ?? [],
      nextAttemptAt: redeliverAt,
      sentBy,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('The outbox insert returned no row');
  return row.id;
}

/** Unsent, not given up, and not being sent by a live sender (a lease older than `leaseStart` has run out). */
const claimable = (leaseStart: Date) =>
  and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt), or(isNull(mailOutbox.attemptedAt), lt(mailOutbox.attemptedAt, leaseStart)));

/**
 * Takes the message for sending (compare-and-set on attempted_at): the message, or null when it
 * is sent, given up, unknown, or another sender holds it.
 */
export async function claimOutboxMessage(tx: Tx, companyId: string, id: string, now: Date, leaseStart: Date) {
  const [row] = await tx
    .update(mailOutbox)
    .set({ attemptedAt: now })
    .where(and(eq(mailOutbox.companyId, companyId), eq(mailOutbox.id, id), claimable(leaseStart)))
    .returning();
  return row ?? null;
}

export type DeliveryOutcome = { sentAt: Date } | { error: string; retryAt: Date } | { error: string; failedAt: Date };

/** Records a delivery: sent, failed to be tried again at `retryAt`, or given up. The lease ends. */
export async function recordDelivery(tx: Tx, companyId: string, id: string, outcome: DeliveryOutcome) {
  const where = and(eq(mailOutbox.companyId, companyId), eq(mailOutbox.id, id));
  if ('sentAt' in outcome) {
    await tx.update(mailOutbox).set({ sentAt: outcome.sentAt, error: null, attemptedAt: null, nextAttemptAt: null }).where(where);
    return;
  }
  await tx
    .update(mailOutbox)
    .set({
      error: outcome.error,
      attempts: sql`${mailOutbox.attempts} + 1`,
      attemptedAt: null,
      ...('retryAt' in outcome ? { nextAttemptAt: outcome.retryAt } : { failedAt: outcome.failedAt, nextAttemptAt: null }),
    })
    .where(where);
}

/** The messages the redelivery sweep should take now, oldest due first, at most `limit`. */
export async function dueOutboxMessageIds(tx: Tx, companyId: string, now: Date, leaseStart: Date, limit: number): Promise<string[]> {
  const rows = await tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.companyId, companyId), lte(mailOutbox.nextAttemptAt, now), claimable(leaseStart)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Makes a given-up message due again now (staff asked): null when it is not undelivered. */
export async function retryOutboxMessage(tx: Tx, companyId: string, id: string, now: Date) {
  const [row] = await tx
    .update(mailOutbox)
    .set({ failedAt: null, nextAttemptAt: now })
    .where(and(eq(mailOutbox.companyId, companyId), eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)))
    .returning({ id: mailOutbox.id });
  return row ?? null;
}

const undeliveredColumns = {
  id: mailOutbox.id,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  createdAt: mailOutbox.createdAt,
  attempts: mailOutbox.attempts,
  error: mailOutbox.error,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  failedAt: mailOutbox.failedAt,
  sentAt: mailOutbox.sentAt,
};

/** Messages a delivery failed for and that are still unsent (retrying, or given up), newest first. */
export function listUndeliveredMessages(tx: Tx, companyId: string, limit: number) {
  return tx
    .select(undeliveredColumns)
    .from(mailOutbox)
    .where(and(eq(mailOutbox.companyId, companyId), isNull(mailOutbox.sentAt), sql`${mailOutbox.attempts} > 0`))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}

/** A message's delivery as it stands (sent or not). */
export async function findDeliveryState(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select(undeliveredColumns)
    .from(mailOutbox)
    .where(and(eq(mailOutbox.companyId, companyId), eq(mailOutbox.id, id)));
  return row ?? null;
}

export function listOutboxMessages(tx: Tx, companyId: string, limit: number) {
  return tx
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      attachments: mailOutbox.attachments,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.companyId, companyId))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}
