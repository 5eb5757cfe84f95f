export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/** The e-mail port's delivery side. Without one configured, the outbox table is the delivery. */
export interface MailTransport {
  send(message: MailMessage & { from: string }): Promise<void>;
  close(): void;
}
