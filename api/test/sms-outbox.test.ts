import { smsOutboxSchema } from '@incontra/contracts/api/sms';
import type { FastifyBaseLogger } from 'fastify';
import { createOutboxSmsSender } from '../src/sms/outbox-sender';
import { SmsOutbox } from '../src/sms/sms-outbox';
import type { SmsSender } from '../src/sms/sms-sender';
import { silentLog } from './helpers/silent-log';
import { RecordingSmsSender } from './helpers/sms-fixtures';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { seededRooms } from './helpers/video-room-fixtures';

let t: TestApp;
let demoId: string;
let acmeId: string;
beforeAll(async () => {
  t = await startTestApp({ env: { OUTBOX_VIEW: 'true' } });
  ({ demoId, acmeId } = await seededRooms(t));
}, START_TIMEOUT_MS);
afterAll(() => t.close());

const outboxWith = (sender: SmsSender, log = silentLog) => new SmsOutbox({ db: t.db, sender, clock: t.clock.now, log });

async function enqueue(outbox: SmsOutbox, companyId: string, to: string, body: string) {
  return t.db.withTenant(companyId, (tx) => outbox.enqueue(tx, companyId, { to, body }));
}

async function list(host: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox', headers: { host } });
  expect(response.statusCode).toBe(200);
  return smsOutboxSchema.parse(response.json()).messages;
}

const row = async (companyId: string, id: string) => (await outboxWith(createOutboxSmsSender()).list(companyId)).messages.find((message) => message.id === id);

describe('the SMS outbox', () => {
  it('writes the message in the caller transaction and delivers it only when asked, once', async () => {
    const sender = new RecordingSmsSender();
    const outbox = outboxWith(sender);
    const id = await enqueue(outbox, demoId, '+393330000001', 'primo');
    expect(sender.sent).toEqual([]);
    expect(await row(demoId, id)).toMatchObject({ to: '+393330000001', body: 'primo', sentAt: null, error: null });

    await outbox.deliver(demoId, id);
    expect(sender.sent).toEqual([{ to: '+393330000001', body: 'primo' }]);
    expect(await row(demoId, id)).toMatchObject({ sentAt: t.clock.now().toISOString(), error: null });
    await outbox.deliver(demoId, id);
    expect(sender.sent).toHaveLength(1);
  });

  it('writes nothing when the transaction rolls back, and delivering that id sends nothing', async () => {
    const sender = new RecordingSmsSender();
    const outbox = outboxWith(sender);
    let id = '';
    await expect(
      t.db.withTenant(demoId, async (tx) => {
        id = await outbox.enqueue(tx, demoId, { to: '+393330000002', body: 'annullato' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await outbox.deliver(demoId, id);
    expect(sender.sent).toEqual([]);
    expect(await row(demoId, id)).toBeUndefined();
  });

  it('with the outbox sender the row itself is the delivery: marked sent, no provider id', async () => {
    const outbox = outboxWith(createOutboxSmsSender());
    const id = await enqueue(outbox, demoId, '+393330000003', 'solo outbox');
    await outbox.deliver(demoId, id);
    expect(await row(demoId, id)).toMatchObject({ sentAt: t.clock.now().toISOString(), error: null });
  });

  it('records a failed delivery on the row and logs it, without throwing', async () => {
    const sender = new RecordingSmsSender();
    sender.fail = new Error("The 'To' number +393330000004 is not a valid phone number.");
    const logged: unknown[] = [];
    const log = { ...silentLog, error: (...args: unknown[]) => logged.push(args) } as unknown as FastifyBaseLogger;
    const outbox = outboxWith(sender, log);
    const id = await enqueue(outbox, demoId, '+393330000004', 'fallito');
    await expect(outbox.deliver(demoId, id)).resolves.toBeUndefined();
    expect(await row(demoId, id)).toMatchObject({ sentAt: null, error: "The 'To' number +393330000004 is not a valid phone number." });
    expect(logged).toHaveLength(1);

    // A later successful delivery clears the error.
    sender.fail = null;
    await outbox.deliver(demoId, id);
    expect(await row(demoId, id)).toMatchObject({ sentAt: t.clock.now().toISOString(), error: null });
  });

  it('close() waits for the deliveries in flight', async () => {
    let release: () => void = () => undefined;
    let sending: () => void = () => undefined;
    const inProvider = new Promise<void>((resolve) => (sending = resolve));
    const held: SmsSender = {
      kind: 'twilio',
      send: () => {
        sending();
        return new Promise((resolve) => (release = () => resolve({ providerId: 'SM-slow' })));
      },
    };
    const outbox = outboxWith(held);
    const id = await enqueue(outbox, demoId, '+393330000005', 'lento');
    void outbox.deliver(demoId, id);
    await inProvider;
    let closed = false;
    const closing = outbox.close().then(() => (closed = true));
    // One turn of the event loop: a close that did not wait would have settled by now.
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    release();
    await closing;
    expect(await row(demoId, id)).toMatchObject({ sentAt: t.clock.now().toISOString() });
  });
});

describe('GET /api/dev/sms-outbox (OUTBOX_VIEW=true)', () => {
  it("lists the host company's messages, newest first, and nobody else's", async () => {
    const outbox = outboxWith(new RecordingSmsSender());
    const older = await enqueue(outbox, demoId, '+393331110001', 'Demo: il tuo codice di verifica è 111111. Scade tra 10 minuti.');
    const newer = await enqueue(outbox, demoId, '+393331110002', 'Demo: il tuo codice di verifica è 222222. Scade tra 10 minuti.');
    const acme = await enqueue(outbox, acmeId, '+393331110003', 'Acme: il tuo codice di verifica è 333333. Scade tra 10 minuti.');
    await outbox.deliver(demoId, newer);

    const demo = await list('demo.localhost:3000');
    const ids = demo.map((message) => message.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(ids).not.toContain(acme);
    expect(demo.find((message) => message.id === newer)).toEqual({
      id: newer,
      to: '+393331110002',
      body: 'Demo: il tuo codice di verifica è 222222. Scade tra 10 minuti.',
      createdAt: expect.any(String),
      sentAt: t.clock.now().toISOString(),
      error: null,
    });
    expect((await list('acme.localhost:3000')).map((message) => message.id)).toEqual([acme]);
  });

  it('answers 404 for an unknown host', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox', headers: { host: 'nobody.localhost' } });
    expect(response.statusCode).toBe(404);
  });
});
