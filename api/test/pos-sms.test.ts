import { and, eq, like } from 'drizzle-orm';
import { posCreatedSchema, type PosCreated } from '@incontra/contracts/api/pos';
import { IT_POS_SMS } from '@incontra/contracts/messages/it-pos-sms';
import { posPayments, smsOutbox, smsSendCounters } from '../src/db/schema';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';
import type { TestClient } from './helpers/test-client';
import { until } from './helpers/until';

/*
 * The point of sale's link by SMS (POST /api/pos/create-payment with a phone), through the sms
 * domain's facade (app.smsTexts): written to the SMS outbox in the request's transaction and
 * delivered after it; refused (not a mobile, a country the company does not serve, a daily limit)
 * the request is made all the same and the answer's `sms` says why, nothing sent nor counted.
 * Limits are low here (2 per number a day) to reach them.
 */

let t: LobbyTestApp;
let admin: TestClient;
let milano: string;
beforeAll(async () => {
  t = await startLobbyApp({ env: { SMS_LIMIT_PER_PHONE_PER_DAY: '2', SMS_LIMIT_PER_IP_PER_DAY: '1000', SMS_LIMIT_PER_COMPANY_PER_DAY: '1000' } });
  admin = await t.staff('admin');
  milano = t.seeded.store('Milano Centro');
}, START_TIMEOUT_MS);
afterAll(() => t.close());

const demoId = () => t.seeded.demoId;

async function create(body: Record<string, unknown>): Promise<PosCreated> {
  const response = await admin.post('/api/pos/create-payment', { storeId: milano, amount: 2500, description: 'Consulenza', ...body });
  expect(response.statusCode).toBe(200);
  return posCreatedSchema.parse(response.json());
}

const textsTo = (to: string) =>
  t.db.asOwnerForTenant(demoId(), (tx) =>
    tx
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.companyId, demoId()), eq(smsOutbox.to, to))),
  );
const requestRow = async (id: string) => (await t.db.asOwnerForTenant(demoId(), (tx) => tx.select().from(posPayments).where(eq(posPayments.id, id))))[0];
const phoneCounters = () => t.db.asOwner((tx) => tx.select().from(smsSendCounters).where(like(smsSendCounters.key, 'phone:%')));

describe('POST /api/pos/create-payment with a phone', () => {
  it('queues the link by SMS to the number in E.164, sends it once the request committed, and counts it', async () => {
    const countersBefore = (await phoneCounters()).length;
    const payment = await create({ phone: '333 100 2001', amount: 4200 });
    expect(payment.sms).toEqual({ status: 'queued', message: null });
    expect(payment.phone).toBe('333 100 2001');
    const [text, ...more] = await textsTo('+393331002001');
    expect(more).toEqual([]);
    expect(text?.body).toBe(IT_POS_SMS.link('Demo', '42,00 €', payment.link));
    await until(async () => (await textsTo('+393331002001'))[0]?.sentAt != null, 'the SMS delivered');
    expect(await phoneCounters()).toHaveLength(countersBefore + 1);
  });

  it('sends nothing without a phone: sms is null', async () => {
    const before = await t.db.asOwnerForTenant(demoId(), (tx) => tx.select().from(smsOutbox).where(eq(smsOutbox.companyId, demoId())));
    const payment = await create({ email: 'cliente@example.it' });
    expect(payment.sms).toBeNull();
    const after = await t.db.asOwnerForTenant(demoId(), (tx) => tx.select().from(smsOutbox).where(eq(smsOutbox.companyId, demoId())));
    expect(after).toHaveLength(before.length);
  });

  it.each([
    ['a landline', '02 1234 5678', '+390212345678', IT_POS_SMS.notSent.number],
    ['a mobile of a country the company does not serve', '+44 7911 123456', '+447911123456', IT_POS_SMS.notSent.country],
  ])('makes the request but sends no SMS to %s, and says why', async (_what, phone, e164, message) => {
    const countersBefore = await phoneCounters();
    const payment = await create({ phone });
    expect(payment.sms).toEqual({ status: 'refused', message });
    expect(await requestRow(payment.id)).toMatchObject({ status: 'requested', phone });
    expect(await textsTo(e164)).toEqual([]);
    expect(await phoneCounters()).toEqual(countersBefore);
  });

  it('past the per-number daily limit makes the request all the same, sends nothing more and counts nothing more', async () => {
    const first = await create({ phone: '+39 347 200 3002' });
    const second = await create({ phone: '347 2003002' });
    expect([first.sms?.status, second.sms?.status]).toEqual(['queued', 'queued']);
    const countersBefore = await phoneCounters();
    const third = await create({ phone: '+393472003002' });
    expect(third.sms).toEqual({ status: 'refused', message: IT_POS_SMS.notSent.phone });
    expect(await requestRow(third.id)).toMatchObject({ status: 'requested', phone: '+393472003002' });
    expect(await textsTo('+393472003002')).toHaveLength(2);
    expect(await phoneCounters()).toEqual(countersBefore);
  });

  it('shares the limit with the verification codes: the facade counts in the same table, keyed alike', async () => {
    const now = t.clock.now();
    const input = { companyId: demoId(), phoneInput: '349 300 4003', body: 'prova', ip: '203.0.113.9', smsCountries: ['IT'], now };
    const first = await t.db.withTenant(demoId(), (tx) => t.app.smsTexts.enqueue(tx, input));
    const second = await t.db.withTenant(demoId(), (tx) => t.app.smsTexts.enqueue(tx, input));
    expect([first.queued, second.queued]).toEqual([true, true]);
    // The third of the day for this number is refused whoever asks: the point of sale too.
    const payment = await create({ phone: '+39 349 300 4003' });
    expect(payment.sms).toEqual({ status: 'refused', message: IT_POS_SMS.notSent.phone });
  });

  it('writes nothing and counts nothing when the caller’s transaction rolls back', async () => {
    const countersBefore = await phoneCounters();
    const input = { companyId: demoId(), phoneInput: '351 400 5004', body: 'prova', ip: '203.0.113.10', smsCountries: ['IT'], now: t.clock.now() };
    await expect(
      t.db.withTenant(demoId(), async (tx) => {
        expect((await t.app.smsTexts.enqueue(tx, input)).queued).toBe(true);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await textsTo('+393514005004')).toEqual([]);
    expect(await phoneCounters()).toEqual(countersBefore);
  });
});
