import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { smsSendCounters } from '../src/db/schema';
import { HttpError } from '../src/http/http-error';
import type { SmsDailyLimits } from '../src/sms/sms-send-limits';
import { SettableClock, startSmsFixture, type SmsFixture } from './helpers/sms-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';

const SECRET = 'sms-code-secret-for-tests';

let f: SmsFixture;
beforeAll(async () => {
  f = await startSmsFixture();
}, START_TIMEOUT_MS);
afterAll(() => f.close());

/**
 * Each test runs on its own UTC day, so that the company counters of one test never reach the
 * next. Every send is for a new join request (no resend pause in the way).
 */
function sends(day: string, limits: Partial<SmsDailyLimits>) {
  const clock = new SettableClock(`${day}T12:00:00.000Z`);
  const verification = f.service({ clock, limits });
  return {
    clock,
    async send(phoneInput: string, ip: string, companyId = f.demoId) {
      const joinRequestId = await f.joinRequest(companyId);
      return f.db.withTenant(companyId, (tx) =>
        verification.issueCode(tx, { companyId, companyName: 'Demo', joinRequestId, phoneInput, ip, now: clock.now(), smsCountries: ['IT'] }),
      );
    },
  };
}

async function refusal(promise: Promise<unknown>): Promise<HttpError | null> {
  return promise.then(
    () => null,
    (error: unknown) => {
      if (error instanceof HttpError) return error;
      throw error;
    },
  );
}

const hmac = (text: string) => createHmac('sha256', SECRET).update(text).digest('hex');

async function counter(key: string, day: string): Promise<number> {
  const [row] = await f.db.asOwner((tx) =>
    tx
      .select({ count: smsSendCounters.count })
      .from(smsSendCounters)
      .where(and(eq(smsSendCounters.key, key), eq(smsSendCounters.day, day))),
  );
  return row?.count ?? 0;
}

describe('daily SMS limits', () => {
  it('per phone number: the limit-th send passes, the next is refused, in any company, from any address', async () => {
    const { send } = sends('2026-04-01', { perPhonePerDay: 2 });
    await send('333 111 0001', '198.51.100.1');
    await send('+39 333 111 0001', '198.51.100.2', f.acmeId);
    expect(await refusal(send('0039 333 1110001', '198.51.100.3'))).toMatchObject({ statusCode: 429, message: IT_LOBBY.errors.sendLimitPhone });
    expect(await refusal(send('333 111 0001', '198.51.100.4', f.acmeId))).toMatchObject({ statusCode: 429, message: IT_LOBBY.errors.sendLimitPhone });
    expect(await refusal(send('333 111 0002', '198.51.100.3'))).toBeNull();
  });

  it('per address: the limit-th send passes, the next is refused, across companies', async () => {
    const { send } = sends('2026-04-02', { perIpPerDay: 3 });
    await send('333 222 0001', '198.51.100.10');
    await send('333 222 0002', '198.51.100.10', f.acmeId);
    await send('333 222 0003', '198.51.100.10');
    expect(await refusal(send('333 222 0004', '198.51.100.10', f.acmeId))).toMatchObject({ statusCode: 429, message: IT_LOBBY.errors.sendLimitIp });
    expect(await refusal(send('333 222 0004', '198.51.100.11', f.acmeId))).toBeNull();
  });

  it('per company: the limit-th send passes, the next is refused, and the other company is not affected', async () => {
    const { send } = sends('2026-04-03', { perCompanyPerDay: 3 });
    for (let i = 1; i <= 3; i += 1) await send(`333 333 000${i}`, `198.51.100.2${i}`);
    expect(await refusal(send('333 333 0009', '198.51.100.29'))).toMatchObject({ statusCode: 429, message: IT_LOBBY.errors.sendLimitCompany });
    expect(await refusal(send('333 333 0009', '198.51.100.29', f.acmeId))).toBeNull();
  });

  it("a refused send costs no quota: not the refusing key's, not the other keys'", async () => {
    const day = '2026-04-04';
    const { send } = sends(day, { perPhonePerDay: 1, perIpPerDay: 2 });
    await send('333 444 0001', '198.51.100.40');
    // Over the per-number limit: the address and the company must not be charged for it.
    for (let i = 0; i < 3; i += 1) expect(await refusal(send('333 444 0001', '198.51.100.41'))).toMatchObject({ message: IT_LOBBY.errors.sendLimitPhone });
    expect(await counter(`phone:${hmac('+393334440001')}`, day)).toBe(1);
    expect(await counter(`ip:${hmac('198.51.100.41')}`, day)).toBe(0);
    expect(await counter(`company:${f.demoId}`, day)).toBe(1);
    // So that address still has its whole quota.
    await send('333 444 0002', '198.51.100.41');
    await send('333 444 0003', '198.51.100.41');
    expect(await refusal(send('333 444 0004', '198.51.100.41'))).toMatchObject({ message: IT_LOBBY.errors.sendLimitIp });
    expect(await counter(`company:${f.demoId}`, day)).toBe(3);
  });

  it('a refusal counts nothing even when the caller catches it and commits its transaction', async () => {
    const day = '2026-04-09';
    const clock = new SettableClock(`${day}T08:00:00.000Z`);
    const verification = f.service({ clock, limits: { perIpPerDay: 1 } });
    const { send } = sends(day, { perIpPerDay: 1 });
    await send('333 999 0001', '198.51.100.90');
    const joinRequestId = await f.joinRequest(f.demoId);
    const caught = await f.db.withTenant(f.demoId, (tx) =>
      refusal(
        verification.issueCode(tx, {
          companyId: f.demoId,
          companyName: 'Demo',
          joinRequestId,
          phoneInput: '333 999 0002',
          ip: '198.51.100.90',
          now: clock.now(),
          smsCountries: ['IT'],
        }),
      ),
    );
    expect(caught).toMatchObject({ message: IT_LOBBY.errors.sendLimitIp });
    expect(await counter(`phone:${hmac('+393339990002')}`, day)).toBe(0);
    expect(await counter(`ip:${hmac('198.51.100.90')}`, day)).toBe(1);
    expect(await counter(`company:${f.demoId}`, day)).toBe(1);
  });

  it('keeps numbers and addresses only as keyed hashes', async () => {
    const day = '2026-04-05';
    const { send } = sends(day, {});
    await send('333 555 0001', '198.51.100.50');
    const rows = await f.db.asOwner((tx) => tx.select().from(smsSendCounters).where(eq(smsSendCounters.day, day)));
    expect(rows.map((row) => row.key).sort()).toEqual([`company:${f.demoId}`, `ip:${hmac('198.51.100.50')}`, `phone:${hmac('+393335550001')}`].sort());
    expect(JSON.stringify(rows)).not.toMatch(/3335550001|198\.51\.100\.50/);
  });

  it('counts per UTC day: the quota comes back at midnight UTC, not before', async () => {
    const { send, clock } = sends('2026-04-06', { perPhonePerDay: 1 });
    clock.set('2026-04-06T23:59:59.000Z');
    await send('333 666 0001', '198.51.100.60');
    clock.set('2026-04-06T23:59:59.999Z');
    expect(await refusal(send('333 666 0001', '198.51.100.60'))).toMatchObject({ message: IT_LOBBY.errors.sendLimitPhone });
    clock.set('2026-04-07T00:00:00.000Z');
    expect(await refusal(send('333 666 0001', '198.51.100.60'))).toBeNull();
  });

  it('concurrent sends never pass the limit', async () => {
    const { send } = sends('2026-04-08', { perCompanyPerDay: 3 });
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => refusal(send(`333 777 000${i}`, `198.51.100.7${i}`))));
    expect(results.filter((result) => result === null)).toHaveLength(3);
    expect(results.filter((result) => result?.message === IT_LOBBY.errors.sendLimitCompany)).toHaveLength(5);
  });
});
