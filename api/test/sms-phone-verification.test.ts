import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { LOBBY_RULES } from '@incontra/contracts/api/join-requests';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { phoneVerifications } from '../src/db/schema';
import { HttpError } from '../src/http/http-error';
import type { PhoneVerificationService } from '../src/sms/phone-verification';
import { RecordingSmsSender, SettableClock, startSmsFixture, type SmsFixture } from './helpers/sms-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';

const MOBILE = '+393331234567';

let f: SmsFixture;
let clock: SettableClock;
let sender: RecordingSmsSender;
let verification: PhoneVerificationService;
beforeAll(async () => {
  f = await startSmsFixture();
}, START_TIMEOUT_MS);
afterAll(() => f.close());
beforeEach(() => {
  clock = new SettableClock('2026-03-02T09:00:00.000Z');
  sender = new RecordingSmsSender();
  verification = f.service({ clock, sender });
});

/** Sends a code for the request as the lobby would: in a tenant transaction, then delivered. */
async function issue(joinRequestId: string, phoneInput = '333 123 4567', companyId = f.demoId) {
  const issued = await f.db.withTenant(companyId, (tx) =>
    verification.issueCode(tx, { companyId, companyName: 'Demo', joinRequestId, phoneInput, ip: '203.0.113.7', now: clock.now(), smsCountries: ['IT'] }),
  );
  await verification.deliver(companyId, issued.outboxId);
  const body = sender.sent.at(-1)?.body ?? '';
  return { ...issued, code: /(\d{6})/.exec(body)?.[1] ?? '' };
}

const check = (joinRequestId: string, code: string, companyId = f.demoId) =>
  f.db.withTenant(companyId, (tx) => verification.checkCode(tx, { companyId, joinRequestId, code, now: clock.now() }));

const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}

describe('PhoneVerificationService.issueCode', () => {
  it('sends a random 6-digit code in the Italian SMS text to the number in E.164, stored only as an HMAC', async () => {
    const requestId = await f.joinRequest(f.demoId);
    const issued = await issue(requestId, '(333) 123-4567');
    expect(issued.code).toMatch(/^\d{6}$/);
    expect(sender.sent).toEqual([{ to: MOBILE, body: IT_LOBBY.sms.verificationCode('Demo', issued.code) }]);
    expect(issued.phoneNumber).toBe(MOBILE);
    expect(issued.codeExpiresAt).toEqual(new Date(clock.now().getTime() + LOBBY_RULES.codeTtlMs));
    expect(issued.resendAfter).toEqual(new Date(clock.now().getTime() + LOBBY_RULES.codeResendMs));

    const rows = await f.db.withTenant(f.demoId, (tx) => tx.select().from(phoneVerifications).where(eq(phoneVerifications.joinRequestId, requestId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ phoneNumber: MOBILE, attempts: 0, consumedAt: null });
    expect(rows[0]!.codeHash).toBe(createHmac('sha256', 'sms-code-secret-for-tests').update(`${requestId}:${issued.code}`).digest('hex'));
    expect(rows[0]!.codeHash).not.toContain(issued.code);
  });

  it('draws different codes (crypto-random, not derived from the request or the time)', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 6; i += 1) codes.add((await issue(await f.joinRequest(f.demoId))).code);
    expect(codes.size).toBeGreaterThan(1);
  });

  it('refuses a number that is not a mobile number with 400 naming phoneNumber, writing nothing', async () => {
    const requestId = await f.joinRequest(f.demoId);
    for (const input of ['06 1234 5678', 'chiamami', '12345']) {
      const error = await refusal(issue(requestId, input));
      expect(error).toMatchObject({ statusCode: 400, field: 'phoneNumber', message: IT_LOBBY.errors.phoneInvalid });
    }
    const rows = await f.db.withTenant(f.demoId, (tx) => tx.select().from(phoneVerifications).where(eq(phoneVerifications.joinRequestId, requestId)));
    expect(rows).toEqual([]);
    expect(sender.sent).toEqual([]);
  });

  it('pauses 30 s between two codes of one request (429), not between different requests', async () => {
    const requestId = await f.joinRequest(f.demoId);
    await issue(requestId);
    clock.advance(LOBBY_RULES.codeResendMs - 1);
    expect(await refusal(issue(requestId))).toMatchObject({ statusCode: 429, message: IT_LOBBY.errors.codeTooSoon });
    await issue(await f.joinRequest(f.demoId));
    clock.advance(1);
    await expect(issue(requestId)).resolves.toMatchObject({ phoneNumber: MOBILE });
  });

  it('answers 404 for a request of another company (the tenant transaction cannot see it)', async () => {
    const acmeRequest = await f.joinRequest(f.acmeId);
    expect(await refusal(issue(acmeRequest))).toMatchObject({ statusCode: 404, message: IT_LOBBY.errors.requestNotFound });
  });
});

describe('PhoneVerificationService.checkCode', () => {
  it('accepts the right code once, with the verified number; the same code again is refused', async () => {
    const requestId = await f.joinRequest(f.demoId);
    const { code } = await issue(requestId);
    expect(await check(requestId, code)).toEqual({ ok: true, phoneNumber: MOBILE });
    expect(await check(requestId, code)).toEqual({ ok: false, reason: 'expired' });
  });

  it('answers missing when no code was sent for the request', async () => {
    const requestId = await f.joinRequest(f.demoId);
    expect(await check(requestId, '123456')).toEqual({ ok: false, reason: 'missing' });
  });

  it('accepts the code until 10 minutes have passed, and refuses it from then on', async () => {
    const early = await f.joinRequest(f.demoId);
    const late = await f.joinRequest(f.demoId);
    const first = await issue(early);
    const second = await issue(late);
    clock.advance(LOBBY_RULES.codeTtlMs - 1);
    expect(await check(early, first.code)).toEqual({ ok: true, phoneNumber: MOBILE });
    clock.advance(1);
    expect(await check(late, second.code)).toEqual({ ok: false, reason: 'expired' });
  });

  it('counts each attempt: after 5 wrong codes even the right one is refused', async () => {
    const requestId = await f.joinRequest(f.demoId);
    const { code } = await issue(requestId);
    for (let i = 0; i < LOBBY_RULES.codeMaxAttempts; i += 1) {
      expect(await check(requestId, otherThan(code))).toEqual({ ok: false, reason: 'wrong' });
    }
    expect(await check(requestId, code)).toEqual({ ok: false, reason: 'attempts' });
    const [row] = await f.db.withTenant(f.demoId, (tx) => tx.select().from(phoneVerifications).where(eq(phoneVerifications.joinRequestId, requestId)));
    expect(row).toMatchObject({ attempts: LOBBY_RULES.codeMaxAttempts, consumedAt: null });
  });

  it('accepts the right code at the fifth attempt', async () => {
    const requestId = await f.joinRequest(f.demoId);
    const { code } = await issue(requestId);
    for (let i = 0; i < LOBBY_RULES.codeMaxAttempts - 1; i += 1) await check(requestId, otherThan(code));
    expect(await check(requestId, code)).toEqual({ ok: true, phoneNumber: MOBILE });
  });

  it('a new code for the request invalidates the earlier one, and restores the attempts', async () => {
    const requestId = await f.joinRequest(f.demoId);
    const old = await issue(requestId);
    for (let i = 0; i < LOBBY_RULES.codeMaxAttempts; i += 1) await check(requestId, otherThan(old.code));
    clock.advance(LOBBY_RULES.codeResendMs);
    const fresh = await issue(requestId, '+39 347 765 4321');
    if (old.code !== fresh.code) expect(await check(requestId, old.code)).toEqual({ ok: false, reason: 'wrong' });
    expect(await check(requestId, fresh.code)).toEqual({ ok: true, phoneNumber: '+393477654321' });
    const rows = await f.db.withTenant(f.demoId, (tx) => tx.select().from(phoneVerifications).where(eq(phoneVerifications.joinRequestId, requestId)));
    expect(rows.every((row) => row.consumedAt !== null)).toBe(true);
  });

  it("never checks a code against another request's code", async () => {
    const mine = await f.joinRequest(f.demoId);
    const other = await f.joinRequest(f.demoId);
    await issue(mine);
    const { code } = await issue(other);
    expect(await check(mine, code)).toMatchObject({ ok: false });
  });

  it('concurrent guesses never exceed 5 attempts, and concurrent right answers consume the code once', async () => {
    const guessed = await f.joinRequest(f.demoId);
    const { code } = await issue(guessed);
    const results = await Promise.all(Array.from({ length: 9 }, () => check(guessed, otherThan(code))));
    expect(results.filter((result) => !result.ok && result.reason === 'wrong')).toHaveLength(LOBBY_RULES.codeMaxAttempts);
    expect(results.filter((result) => !result.ok && result.reason === 'attempts')).toHaveLength(9 - LOBBY_RULES.codeMaxAttempts);

    const raced = await f.joinRequest(f.demoId);
    const right = await issue(raced);
    const answers = await Promise.all(Array.from({ length: 4 }, () => check(raced, right.code)));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
  });
});
