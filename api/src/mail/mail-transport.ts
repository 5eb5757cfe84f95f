import type { MailAttachment } from '../db/schema/mail';

export type { MailAttachment };

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Files sent with it (text content, e.g. an appointment's .ics). */
  attachments?: MailAttachment[];
}

/** The e-mail port's delivery side. Without one configured, the outbox table is the delivery. */
export interface MailTransport {
  send(message: MailMessage & { from: string }): Promise<void>;
  close(): void;
}
