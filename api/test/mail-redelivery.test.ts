import { and, eq } from 'drizzle-orm';
import { undeliveredMailSchema, undeliveredMailsSchema } from '@incontra/contracts/api/mail';
import { IT } from '@incontra/contracts/messages/it';
import { mailOutbox, stores, topics } from '../src/db/schema';
import { createSmtpTransport } from '../src/mail/smtp-transport';
import { MAIL_REDELIVERY_GRACE_MS, MAIL_RETRY_DELAYS_MS, Mailer } from '../src/mail/mailer';
import { silentLog } from './helpers/silent-log';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp-server';
import { TcpProxy } from './helpers/tcp-proxy';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';
import { until } from './helpers/until';

/*
 * E-mail survives a mail server that is down, refuses, or a process that stops: a failed delivery
 * is tried again with backoff by every process's sweep until it is sent or clearly dead, a message
 * left by a stopped process is taken after a grace, two sweepers send a message once, and admins
 * see (and may retry) what is undelivered. The SMTP server is real (smtp-server), behind a TCP hop
 * the test cuts; the clock is the test's.
 */

let smtp: TestSmtpServer;
let proxy: TcpProxy;
let t: TestApp;
let demoId: string;
let milano: string;
let topic: string;
let customers = 0;
let serverCut = false;

async function disconnect(): Promise<void> {
  await proxy.cut();
  serverCut = true;
}

async function reconnect(): Promise<void> {
  await proxy.restore();
  serverCut = false;
}

beforeAll(async () => {
  // Every recipient at refused.example is refused for good (550).
  smtp = await startSmtpServer({ refuseRecipient: (address) => address.endsWith('@refused.example') });
  proxy = new TcpProxy('127.0.0.1', smtp.port);
  await proxy.start();
  t = await startTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${proxy.port}`, MAIL_FROM: 'Incontra <noreply@incontra.test>' },
    rateLimits: { bookingsPerMinute: 10_000, loginPerMinute: 10_000 },
    // The app's own sweep runs often; what it may send is decided by the test's clock.
    overrides: { mailRedeliveryIntervalMs: 50 },
  });
  const [store] = await t.db.asOwner((tx) => tx.select({ id: stores.id, companyId: stores.companyId }).from(stores).where(eq(stores.name, 'Milano Centro')));
  milano = store!.id;
  demoId = store!.companyId;
  topic = (await t.db.asOwner((tx) => tx.select({ id: topics.id }).from(topics).where(eq(topics.name, 'Consulenza prodotto'))))[0]!.id;
}, START_TIMEOUT_MS);

// A test that fails with the server cut leaves it cut: the next one starts with it reachable.
afterEach(async () => {
  if (serverCut) await reconnect();
});

afterAll(async () => {
  await t.close();
  await proxy.cut();
  await smtp.close();
});

/** Books Wednesday 4 March at `startsAt` for a new customer at `domain`: answers the customer's address. */
async function book(startsAt: string, domain = 'example.it'): Promise<string> {
  customers += 1;
  const email = `cliente.${customers}@${domain}`;
  const visitor = new TestClient(t.app, 'demo.localhost', '198.51.100.60');
  await visitor.get('/api/me');
  const response = await visitor.post('/api/reservations', {
    store: milano,
    topic,
    startsAt,
    firstName: 'Mario',
    lastName: 'Rossi',
    email,
    phone: '+39 333 123 4567',
    privacyConsent: true,
  });
  expect(response.statusCode).toBe(201);
  return email;
}

/** The customer's confirmation row. */
async function confirmationTo(email: string) {
  const rows = await t.db.asOwnerForTenant(demoId, (tx) =>
    tx
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.companyId, demoId), eq(mailOutbox.to, email))),
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** An admin signed in now (the test's clock moves by days: an earlier session would have expired). */
async function signedInAdmin(): Promise<TestClient> {
  const admin = new TestClient(t.app);
  expect((await admin.login()).statusCode).toBe(200);
  return admin;
}

const undelivered = async () => undeliveredMailsSchema.parse((await (await signedInAdmin()).get('/api/bo/mail/undelivered')).json()).messages;

describe('a mail server that is down', () => {
  it('keeps the booking, records the failure, and sends the confirmation once the server is back and the backoff has passed', async () => {
    await disconnect();
    const email = await book('2026-03-04T08:00:00.000Z');
    await until(async () => (await confirmationTo(email)).attempts === 1, 'the first delivery recorded as failed');
    const failed = await confirmationTo(email);
    expect(failed).toMatchObject({ sentAt: null, failedAt: null, attemptedAt: null });
    expect(failed.error).toBeTruthy();
    expect(failed.nextAttemptAt!.getTime()).toBe(t.clock.now().getTime() + MAIL_RETRY_DELAYS_MS[0]!);
    expect((await undelivered()).find((mail) => mail.to === email)).toMatchObject({ attempts: 1, failedAt: null });

    await reconnect();
    // Back, but the backoff has not passed: a sweep leaves it.
    await sweepElsewhere();
    expect(await confirmationTo(email)).toMatchObject({ attempts: 1, sentAt: null });
    expect(smtp.to(email)).toHaveLength(0);

    t.clock.advance(MAIL_RETRY_DELAYS_MS[0]!);
    await until(async () => (await confirmationTo(email)).sentAt !== null, 'the confirmation sent by the sweep', 10_000);
    expect(smtp.to(email)).toHaveLength(1);
    expect(smtp.to(email)[0]!.raw).toMatch(/\/prenotazione\//);
    expect((await undelivered()).some((mail) => mail.to === email)).toBe(false);
  });

  it('backs off after each failure and gives up after the last delay; an admin retries it by hand once the server is back', async () => {
    await disconnect();
    const email = await book('2026-03-04T08:30:00.000Z');
    await until(async () => (await confirmationTo(email)).attempts === 1, 'the first failure');
    for (const [index, delay] of MAIL_RETRY_DELAYS_MS.entries()) {
      t.clock.advance(delay);
      await until(async () => (await confirmationTo(email)).attempts === index + 2, `failure ${index + 2}`, 10_000);
    }
    const dead = await confirmationTo(email);
    expect(dead.failedAt).not.toBeNull();
    expect(dead.nextAttemptAt).toBeNull();
    // Given up: a day later a sweep still leaves it.
    t.clock.advance(24 * 3_600_000);
    await sweepElsewhere();
    expect((await confirmationTo(email)).attempts).toBe(MAIL_RETRY_DELAYS_MS.length + 1);
    expect((await undelivered()).find((mail) => mail.to === email)).toMatchObject({ attempts: MAIL_RETRY_DELAYS_MS.length + 1 });

    await reconnect();
    const retried = undeliveredMailSchema.parse((await (await signedInAdmin()).post(`/api/bo/mail/undelivered/${dead.id}/retry`)).json());
    expect(retried.sentAt).not.toBeNull();
    expect(smtp.to(email)).toHaveLength(1);
  });
});

it('gives up at once on a recipient the server refuses for good (550), and staff see why', async () => {
  const email = await book('2026-03-04T09:00:00.000Z', 'refused.example');
  await until(async () => (await confirmationTo(email)).failedAt !== null, 'the refusal recorded');
  const row = await confirmationTo(email);
  expect(row.attempts).toBe(1);
  expect(row.error).toMatch(/550|No such user/);
  expect((await undelivered()).find((mail) => mail.to === email)).toMatchObject({ attempts: 1, error: row.error, failedAt: row.failedAt!.toISOString() });
});

describe('a process that stops between its commit and its delivery', () => {
  /** A message committed by a process that stopped before delivering it (no delivery follows). */
  async function leftBehind(to: string): Promise<string> {
    const stopped = otherProcess();
    const id = await t.db.withTenant(demoId, (tx) => stopped.enqueue(tx, demoId, { to, subject: 'Lasciata indietro', text: 'Ciao' }));
    await stopped.close();
    return id;
  }

  it('has its message taken by a sweep after the grace, not before', async () => {
    const to = `lasciata.${Date.now()}@example.it`;
    await leftBehind(to);
    await sweepElsewhere();
    expect(smtp.to(to)).toHaveLength(0);
    t.clock.advance(MAIL_REDELIVERY_GRACE_MS);
    await until(() => smtp.to(to).length === 1, 'the left message sent by the sweep', 10_000);
  });

  it('is sent once when several processes sweep at the same moment', async () => {
    const to = `contesa.${Date.now()}@example.it`;
    await leftBehind(to);
    t.clock.advance(MAIL_REDELIVERY_GRACE_MS);
    const processes = [otherProcess(), otherProcess(), otherProcess()];
    await Promise.all(processes.map((mailer) => mailer.redeliver()));
    await until(
      async () => (await t.db.asOwnerForTenant(demoId, (tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.to, to))))[0]!.sentAt !== null,
      'marked sent',
    );
    await Promise.all(processes.map((mailer) => mailer.close()));
    expect(smtp.to(to)).toHaveLength(1);
  });
});

describe('the undelivered e-mails for staff', () => {
  it('are the admins’: an operator is refused, another company’s or a malformed id is not found', async () => {
    const operator = new TestClient(t.app);
    expect((await operator.login('operatore')).statusCode).toBe(200);
    expect((await operator.get('/api/bo/mail/undelivered')).statusCode).toBe(403);
    const acme = new TestClient(t.app, 'acme.localhost');
    expect((await acme.login('admin')).statusCode).toBe(200);
    const [demoRow] = await t.db.asOwnerForTenant(demoId, (tx) => tx.select({ id: mailOutbox.id }).from(mailOutbox).limit(1));
    for (const id of [demoRow!.id, 'nope']) {
      expect((await acme.post(`/api/bo/mail/undelivered/${id}/retry`)).json()).toMatchObject({ statusCode: 404, message: IT.errors.mailNotFound });
    }
    expect(undeliveredMailsSchema.parse((await acme.get('/api/bo/mail/undelivered')).json()).messages).toEqual([]);
  });
});

/** Another process on the same database and mail server, with its own mailer. */
function otherProcess(): Mailer {
  return new Mailer({
    db: t.db,
    transport: createSmtpTransport(`smtp://127.0.0.1:${proxy.port}`),
    from: 'noreply@incontra.test',
    clock: t.clock.now,
    log: silentLog,
  });
}

/** One redelivery sweep by another process (answers how many messages were due, of every test). */
async function sweepElsewhere(): Promise<number> {
  const mailer = otherProcess();
  try {
    return await mailer.redeliver();
  } finally {
    await mailer.close();
  }
}
