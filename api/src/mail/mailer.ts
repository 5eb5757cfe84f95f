import type { FastifyBaseLogger } from 'fastify';
import type { Outbox, UndeliveredMail, UndeliveredMails } from '@incontra/contracts/api/mail';
import { IT } from '@incontra/contracts/messages/it';
import type { Clock } from '../common/clock';
import { errorText } from '../common/error-text';
import type { StaffMember } from '../common/staff-member';
import type { Database, Tx } from '../db/database';
import { HttpError } from '../http/http-error';
import { PeriodicTask, type SweepOptions } from '../scheduling/periodic-task';
import { listHostedCompanyIds } from '../tenancy/company-directory';
import type { MailMessage, MailTransport } from './mail-transport';
import * as outbox from './outbox-repository';
import { DEFAULT_STAFF_MAIL_LIMITS, reserveStaffMail, type StaffMailLimits } from './staff-mail-limits';

/** After the enqueue, the delivery that follows the commit normally comes first; the sweep takes what it left. */
export const MAIL_REDELIVERY_GRACE_MS = 60_000;
/** A message taken for sending this long ago and neither sent nor failed: its sender died mid-send. */
export const MAIL_CLAIM_MS = 120_000;
/** How long after each failure the next attempt comes; after the last, the message is given up (about 16 h in all). */
export const MAIL_RETRY_DELAYS_MS = [30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000];
/** How often every process sweeps for what is due. */
export const MAIL_REDELIVERY_INTERVAL_MS = 15_000;
/** Messages one sweep takes per company (the rest wait for the next sweep). */
const REDELIVERY_BATCH = 50;
/**
 * Whether the server refused this message for good: a 5xx to its envelope or its content (an
 * unknown mailbox, say). A refused connection, a timeout, a 4xx or a failed sign-in may pass: tried again.
 */
function refusedForGood(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && (code === 'EENVELOPE' || code === 'EMESSAGE');
}

export interface MailerOptions {
  db: Database;
  /** SMTP (SMTP_URL); null: the outbox row is the delivery. */
  transport: MailTransport | null;
  /** The sender's address (MAIL_FROM). */
  from: string;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The staff's e-mail bounds; DEFAULT_STAFF_MAIL_LIMITS otherwise. */
  staffLimits?: StaffMailLimits;
}

/**
 * The e-mail port. `enqueue` writes the message to mail_outbox inside the caller's transaction,
 * so an e-mail exists exactly when the change that caused it was committed. With a transport
 * (SMTP_URL) `deliver`, called after the commit, sends it and records the outcome; a failure is
 * tried again with backoff (MAIL_RETRY_DELAYS_MS) by `redeliver`, which every process runs on a
 * timer, until it is sent or clearly dead (refused for good, or failing after the last delay).
 * A delivery first takes the row (a compare-and-set lease), so that processes sweeping at once send
 * a message once; a message left by a stopped process is taken after MAIL_REDELIVERY_GRACE_MS
 * (at least once: a sender dying after the server accepted but before the row was marked may send
 * it twice). Without a transport the outbox row is the delivery, readable in development through
 * GET /api/dev/outbox. Times are the app's clock.
 */
export class Mailer {
  private readonly deliveries = new Set<Promise<void>>();
  private readonly db: Database;
  private readonly transport: MailTransport | null;
  private readonly from: string;
  private readonly clock: Clock;
  private readonly logger: FastifyBaseLogger;
  private readonly staffLimits: StaffMailLimits;

  constructor(options: MailerOptions) {
    this.db = options.db;
    this.transport = options.transport;
    this.from = options.from;
    this.clock = options.clock;
    this.logger = options.log;
    this.staffLimits = options.staffLimits ?? DEFAULT_STAFF_MAIL_LIMITS;
  }

  /**
   * Writes the message in the caller's transaction. `sentBy`: the staff member whose action sends
   * it; their bounds and the whole staff's are checked first (StaffMailLimitExceeded, 429).
   */
  async enqueue(tx: Tx, companyId: string, message: MailMessage, sentBy?: StaffMember): Promise<string> {
    if (sentBy) await reserveStaffMail(tx, companyId, sentBy, this.staffLimits);
    const redeliverAt = this.transport ? new Date(this.clock().getTime() + MAIL_REDELIVERY_GRACE_MS) : null;
    return outbox.insertOutboxMessage(tx, companyId, message, redeliverAt, sentBy?.id ?? null);
  }

  /** Call once the enqueuing transaction has committed. Never rejects: failures are recorded. */
  deliver(companyId: string, messageId: string): Promise<void> {
    if (!this.transport) return Promise.resolve();
    const delivery = this.send(this.transport, companyId, messageId).finally(() => this.deliveries.delete(delivery));
    this.deliveries.add(delivery);
    return delivery;
  }

  /** Sends what is due again in every company (failed earlier, or left by a stopped process). Answers how many it tried. */
  async redeliver(): Promise<number> {
    if (!this.transport) return 0;
    const now = this.clock();
    const leaseStart = new Date(now.getTime() - MAIL_CLAIM_MS);
    let tried = 0;
    for (const companyId of await this.db.withoutTenant((tx) => listHostedCompanyIds(tx))) {
      const ids = await this.db.withTenant(companyId, (tx) => outbox.dueOutboxMessageIds(tx, companyId, now, leaseStart, REDELIVERY_BATCH));
      for (const id of ids) await this.deliver(companyId, id);
      tried += ids.length;
    }
    return tried;
  }

  /** The sender's address (an appointment's .ics names it as the organizer). */
  get sender(): string {
    return this.from;
  }

  async list(companyId: string, limit = 50): Promise<Outbox> {
    const rows = await this.db.withTenant(companyId, (tx) => outbox.listOutboxMessages(tx, companyId, limit));
    return {
      messages: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), sentAt: row.sentAt?.toISOString() ?? null })),
    };
  }

  /** GET /api/bo/mail/undelivered: what a delivery failed for and is still unsent, newest first. */
  async undelivered(companyId: string, limit = 100): Promise<UndeliveredMails> {
    const rows = await this.db.withTenant(companyId, (tx) => outbox.listUndeliveredMessages(tx, companyId, limit));
    return { messages: rows.map(undeliveredView) };
  }

  /** POST /api/bo/mail/undelivered/{id}/retry: tried again now (a given-up one included), answering how it went; 404 when not unsent. */
  async retry(companyId: string, id: string): Promise<UndeliveredMail> {
    const row = await this.db.withTenant(companyId, (tx) => outbox.retryOutboxMessage(tx, companyId, id, this.clock()));
    if (!row) throw new HttpError(404, IT.errors.mailNotFound);
    await this.deliver(companyId, id);
    const after = await this.db.withTenant(companyId, (tx) => outbox.findDeliveryState(tx, companyId, id));
    return undeliveredView(after!);
  }

  /** Waits for deliveries in flight, then releases the transport. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.deliveries]);
    this.transport?.close();
  }

  private async send(transport: MailTransport, companyId: string, messageId: string): Promise<void> {
    const now = this.clock();
    try {
      const message = await this.db.withTenant(companyId, (tx) =>
        outbox.claimOutboxMessage(tx, companyId, messageId, now, new Date(now.getTime() - MAIL_CLAIM_MS)),
      );
      if (!message) return;
      try {
        await transport.send({
          from: this.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.attachments,
        });
      } catch (error) {
        const failedAt = this.clock();
        const delay = MAIL_RETRY_DELAYS_MS[message.attempts];
        const giveUp = refusedForGood(error) || delay === undefined;
        this.logger.error({ err: error, messageId, attempt: message.attempts + 1, givenUp: giveUp }, 'e-mail delivery failed');
        const outcome: outbox.DeliveryOutcome = giveUp
          ? { error: errorText(error), failedAt }
          : { error: errorText(error), retryAt: new Date(failedAt.getTime() + delay!) };
        await this.db.withTenant(companyId, (tx) => outbox.recordDelivery(tx, companyId, messageId, outcome));
        return;
      }
      await this.db.withTenant(companyId, (tx) => outbox.recordDelivery(tx, companyId, messageId, { sentAt: this.clock() }));
    } catch (error) {
      // The database failed around the send: the lease runs out and the sweep takes it again.
      this.logger.error({ err: error, messageId }, 'e-mail delivery could not be recorded');
    }
  }
}

function undeliveredView(row: Awaited<ReturnType<typeof outbox.listUndeliveredMessages>>[number]): UndeliveredMail {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    createdAt: row.createdAt.toISOString(),
    attempts: row.attempts,
    error: row.error,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    failedAt: row.failedAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** The redelivery sweep on a timer: at once when the app is ready (what fell due while no process ran), then every MAIL_REDELIVERY_INTERVAL_MS. */
export class MailRedeliverySweeper extends PeriodicTask {
  constructor(options: SweepOptions) {
    super({ ...options, failure: 'e-mail redelivery sweep failed', runAtStart: true });
  }
}
