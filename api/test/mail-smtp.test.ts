import { outboxSchema } from '@incontra/contracts/api/mail';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp-server';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';
import { until } from './helpers/until';

let t: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Incontra <noreply@incontra.test>', OUTBOX_VIEW: 'true' },
  });
}, START_TIMEOUT_MS);
afterAll(async () => {
  await t.close();
  await smtp.close();
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
