import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { outboxSchema } from '@incontra/contracts/api/mail';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';
import { until } from './helpers/until';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free local port: what nodemailer talks to when SMTP_URL is set. */
function startSmtpServer(): Promise<{ server: SMTPServer; port: number; next: () => Promise<ReceivedMail> }> {
  const waiting: ((mail: ReceivedMail) => void)[] = [];
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        const waiter = waiting.shift();
        if (waiter) waiter(mail);
        else inbox.push(mail);
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as AddressInfo;
      const next = () => {
        const ready = inbox.shift();
        return ready ? Promise.resolve(ready) : new Promise<ReceivedMail>((deliver) => waiting.push(deliver));
      };
      resolve({ server, port, next });
    });
  });
}

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Incontra <noreply@incontra.test>', OUTBOX_VIEW: 'true' },
  });
}, START_TIMEOUT_MS);
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
});

it('delivers the reset e-mail through SMTP and marks the outbox row sent', async () => {
  const browser = new TestClient(t.app, 'demo.localhost:3000');
  await browser.get('/api/me');
  const response = await browser.put('/api/password-reset-request', { company: 'demo', email: 'admin@demo.incontra.local' });
  expect(response.json()).toEqual({ ok: true });

  const mail = await smtp.next();
  expect(mail.from).toBe('noreply@incontra.test');
  expect(mail.to).toEqual(['admin@demo.incontra.local']);
  expect(mail.raw).toMatch(/Subject: Demo: reimposta la tua password/);
  expect(mail.raw.replace(/=\r?\n/g, '')).toMatch(
    /http:\/\/demo\.localhost:3000\/admin\/reimposta-password\?token=3D[\w-]{43}|http:\/\/demo\.localhost:3000\/admin\/reimposta-password\?token=[\w-]{43}/,
  );

  // The row is marked sent after the SMTP server has the message: wait for the mark.
  const sentAt = async () => outboxSchema.parse((await browser.get('/api/dev/outbox')).json()).messages[0]?.sentAt ?? null;
  await until(async () => (await sentAt()) !== null, 'the outbox row marked sent');
  expect(await sentAt()).toMatch(/^\d{4}-\d{2}-\d{2}T/);
});
