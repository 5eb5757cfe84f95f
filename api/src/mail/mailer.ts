import type { FastifyBaseLogger } from 'fastify';
import type { Outbox } from '@incontra/contracts/api/mail';
import type { Clock } from '../common/clock';
import type { Database, Tx } from '../db/database';
import type { MailMessage, MailTransport } from './mail-transport';
import * as outbox from './outbox-repository';

/**
 * The e-mail port. `enqueue` writes the message to mail_outbox inside the caller's transaction,
 * so an e-mail exists exactly when the change that caused it was committed. With a transport
 * (SMTP_URL) the message is then delivered in the background and marked sent; without one the
 * outbox row is the delivery, readable in development through GET /api/dev/outbox.
 */
export class Mailer {
  private readonly deliveries = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly transport: MailTransport | null,
    private readonly from: string,
    private readonly clock: Clock,
    private readonly logger: FastifyBaseLogger,
  ) {}

  enqueue(tx: Tx, companyId: string, message: MailMessage): Promise<string> {
    return outbox.insertOutboxMessage(tx, companyId, message);
  }

  /** Call once the enqueuing transaction has committed. Never throws: failures are recorded. */
  deliver(companyId: string, messageId: string): void {
    if (!this.transport) return;
    const delivery = this.send(this.transport, companyId, messageId).finally(() => this.deliveries.delete(delivery));
    this.deliveries.add(delivery);
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

  /** Waits for deliveries in flight, then releases the transport. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.deliveries]);
    this.transport?.close();
  }

  private async send(transport: MailTransport, companyId: string, messageId: string): Promise<void> {
    try {
      const message = await this.db.withTenant(companyId, (tx) => outbox.findOutboxMessage(tx, companyId, messageId));
      if (!message) return;
      await transport.send({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments,
      });
      await this.db.withTenant(companyId, (tx) => outbox.markOutboxMessage(tx, companyId, messageId, { sentAt: this.clock() }));
    } catch (error) {
      this.logger.error({ err: error, messageId }, 'e-mail delivery failed');
      await this.db.withTenant(companyId, (tx) => outbox.markOutboxMessage(tx, companyId, messageId, { error: String(error) })).catch(() => undefined);
    }
  }
}
