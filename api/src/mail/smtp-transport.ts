import nodemailer from 'nodemailer';
import type { MailTransport } from './mail-transport';

/** Bounds on each step of a delivery: a server that stops answering fails the attempt, which is tried again later. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** Delivery through an SMTP server (SMTP_URL, e.g. smtp://user:pass@mail.example.com:587). */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    async send(message) {
      await transporter.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.attachments?.length
          ? { attachments: message.attachments.map(({ filename, contentType, content }) => ({ filename, contentType, content })) }
          : {}),
      });
    },
    close: () => transporter.close(),
  };
}
