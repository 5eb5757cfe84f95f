import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsOutbox as SmsOutboxList } from '@incontra/contracts/api/sms';
import type { Clock } from '../common/clock';
import { errorText } from '../common/error-text';
import type { Database, Tx } from '../db/database';
import { smsOutbox } from '../db/schema';
import type { SmsMessage, SmsSender } from './sms-sender';

/**
 * A message committed but not taken for sending after this long was left behind by a process that
 * stopped between its commit and its delivery: the redelivery takes it over.
 */
export const SMS_REDELIVERY_GRACE_MS = 30_000;
/** A message taken for sending this long ago and neither sent nor failed: its sender died mid-send. */
export const SMS_CLAIM_MS = 120_000;

const ago = (ms: number) => sql`now() - ${`${ms} milliseconds`}::interval`;

/**
 * Every SMS the product sends. `enqueue` writes the row in the caller's transaction, so a message
 * exists exactly when the change that caused it was committed; `deliver`, called after the commit,
 * hands it to the SMS port and records the outcome on the row (sent_at and the provider's id, or
 * the error). With the outbox sender the row is the delivery and is simply marked sent.
 * A delivery first takes the row (a compare-and-set on attempted_at), so processes redelivering
 * at once send a message once; `redeliver` picks up what a stopped process left (at least once:
 * a sender dying after the provider accepted but before the row was marked may send it twice).
 * The timing uses the database's clock, as created_at does.
 */
export class SmsOutbox {
  private readonly deliveries = new Set<Promise<void>>();

  private readonly db: Database;
  private readonly sender: SmsSender;
  private readonly clock: Clock;
  private readonly log: FastifyBaseLogger;

  constructor({ db, sender, clock, log }: { db: Database; sender: SmsSender; clock: Clock; log: FastifyBaseLogger }) {
    this.db = db;
    this.sender = sender;
    this.clock = clock;
    this.log = log;
  }

  /** created_at is the database's clock (microseconds): the outbox lists messages in sending order. */
  async enqueue(tx: Tx, companyId: string, message: SmsMessage): Promise<string> {
    const [row] = await tx.insert(smsOutbox).values({ companyId, to: message.to, body: message.body }).returning({ id: smsOutbox.id });
    if (!row) throw new Error('The SMS outbox insert returned no row');
    return row.id;
  }

  /**
   * After commit. Never rejects: a failure is logged and written to the row's `error`. A row
   * already sent (or unknown, e.g. its transaction rolled back) is left alone.
   */
  deliver(companyId: string, id: string): Promise<void> {
    const delivery = this.send(companyId, id).finally(() => this.deliveries.delete(delivery));
    this.deliveries.add(delivery);
    return delivery;
  }

  /**
   * Sends again what no process will: messages younger than `maxAgeMs` (older ones are useless, a
   * code has expired) never taken after SMS_REDELIVERY_GRACE_MS, or taken more than SMS_CLAIM_MS
   * ago and still unsent. Failed messages stay failed: the provider refused them. Answers how many
   * it tried.
   */
  async redeliver(companyId: string, maxAgeMs: number): Promise<number> {
    const rows = await this.db.withTenant(companyId, (tx) =>
      tx
        .select({ id: smsOutbox.id })
        .from(smsOutbox)
        .where(
          and(
            eq(smsOutbox.companyId, companyId),
            isNull(smsOutbox.sentAt),
            isNull(smsOutbox.error),
            gt(smsOutbox.createdAt, ago(maxAgeMs)),
            or(and(isNull(smsOutbox.attemptedAt), lt(smsOutbox.createdAt, ago(SMS_REDELIVERY_GRACE_MS))), lt(smsOutbox.attemptedAt, ago(SMS_CLAIM_MS))),
          ),
        )
        .orderBy(smsOutbox.createdAt),
    );
    for (const row of rows) {
      this.log.warn({ smsId: row.id }, 'redelivering an SMS left undelivered');
      await this.deliver(companyId, row.id);
    }
    return rows.length;
  }

  /** The company's messages, newest first (GET /api/dev/sms-outbox). */
  async list(companyId: string, limit = 50): Promise<SmsOutboxList> {
    const rows = await this.db.withTenant(companyId, (tx) =>
      tx
        .select({ id: smsOutbox.id, to: smsOutbox.to, body: smsOutbox.body, createdAt: smsOutbox.createdAt, sentAt: smsOutbox.sentAt, error: smsOutbox.error })
        .from(smsOutbox)
        .where(eq(smsOutbox.companyId, companyId))
        .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
        .limit(limit),
    );
    return {
      messages: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), sentAt: row.sentAt?.toISOString() ?? null })),
    };
  }

  /** Waits for the deliveries in flight (at shutdown, before the database closes). */
  async close(): Promise<void> {
    await Promise.allSettled([...this.deliveries]);
  }

  private async send(companyId: string, id: string): Promise<void> {
    const where = and(eq(smsOutbox.companyId, companyId), eq(smsOutbox.id, id));
    // Taken when unsent and not being sent (or its sender is long gone); a failed one may be retried.
    const free = and(where, isNull(smsOutbox.sentAt), or(isNull(smsOutbox.attemptedAt), lt(smsOutbox.attemptedAt, ago(SMS_CLAIM_MS))));
    try {
      const [message] = await this.db.withTenant(companyId, (tx) =>
        tx
          .update(smsOutbox)
          .set({ attemptedAt: sql`now()` })
          .where(free)
          .returning({ to: smsOutbox.to, body: smsOutbox.body }),
      );
      if (!message) return;
      const { providerId } = await this.sender.send({ to: message.to, body: message.body });
      await this.db.withTenant(companyId, (tx) => tx.update(smsOutbox).set({ sentAt: this.clock(), providerId, error: null }).where(where));
    } catch (error) {
      this.log.error({ err: error, smsId: id, sender: this.sender.kind }, 'SMS delivery failed');
      await this.db
        .withTenant(companyId, (tx) =>
          tx
            .update(smsOutbox)
            .set({ error: errorText(error), attemptedAt: null })
            .where(where),
        )
        .catch((recordError: unknown) => this.log.error({ err: recordError, smsId: id }, 'could not record the SMS delivery failure'));
    }
  }
}
