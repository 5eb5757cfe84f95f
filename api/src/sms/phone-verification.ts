import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LOBBY_RULES } from '@incontra/contracts/api/join-requests';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import type { Clock } from '../common/clock';
import type { Database, Tx } from '../db/database';
import { joinRequests, phoneVerifications } from '../db/schema';
import { HttpError } from '../http/http-error';
import type { CodeCheck, IssueCodeInput, IssuedCode, PhoneVerification } from './phone-verification-port';
import { parseMobileNumber } from './phone-number';
import { requireFewNumbersPerRequest, requireSmsCountry } from './sms-destinations';
import { countVerificationSend, hmacHex, type SmsDailyLimits } from './sms-send-limits';
import { SmsOutbox } from './sms-outbox';
import type { SmsSender } from './sms-sender';

export interface PhoneVerificationOptions {
  db: Database;
  clock: Clock;
  sender: SmsSender;
  limits: SmsDailyLimits;
  /** Keys the code hashes and the hashed counter keys (see `smsCodeSecret`). */
  codeSecret: string;
  /** For numbers typed without a country prefix (ISO 3166 alpha-2, e.g. IT). */
  defaultCountry: string;
  log: FastifyBaseLogger;
}

/**
 * The secret of the codes, derived from the room token secret with a fixed label so that one
 * configured secret (ROOM_TOKEN_SECRET) serves every keyed hash without reusing the same key.
 * Several processes must share it, or one could not check the codes another sent; unset, it is
 * random per process and a restart forgets the codes in flight and the hashed daily counters.
 */
export const smsCodeSecret = (tokenSecret: string) => hmacHex(tokenSecret, 'sms-code');

const codeHash = (secret: string, joinRequestId: string, code: string) => hmacHex(secret, `${joinRequestId}:${code}`);

/**
 * Phone verification of join requests (rules: LOBBY_RULES). A code is 6 random digits kept only
 * as an HMAC bound to its request; it lives 10 minutes, is used once, and allows 5 attempts. Only
 * the newest code of a request counts: issuing one marks the earlier ones consumed. Attempts are
 * counted by one atomic UPDATE before comparing, so concurrent guesses cannot exceed the limit
 * and two right answers cannot both consume the code. The SMS goes through the outbox: written
 * in the caller's transaction, delivered by `deliver` after the commit. Before anything is
 * counted or written, a code is refused for a country the company does not serve and for a third
 * number on one request (sms-destinations).
 */
export class PhoneVerificationService implements PhoneVerification {
  readonly outbox: SmsOutbox;
  private readonly codeSecret: string;
  private readonly limits: SmsDailyLimits;
  private readonly defaultCountry: string;

  constructor(options: PhoneVerificationOptions) {
    this.outbox = new SmsOutbox(options);
    this.codeSecret = options.codeSecret;
    this.limits = options.limits;
    this.defaultCountry = options.defaultCountry;
  }

  async issueCode(tx: Tx, input: IssueCodeInput): Promise<IssuedCode> {
    const mobile = parseMobileNumber(input.phoneInput, this.defaultCountry);
    if (!mobile) throw new HttpError(400, IT_LOBBY.errors.phoneInvalid, 'phoneNumber');
    requireSmsCountry(mobile.country, input.smsCountries);
    const phoneNumber = mobile.number;
    // The request's row lock serialises two sends for one request, so the pause below holds.
    const [request] = await tx
      .select({ id: joinRequests.id })
      .from(joinRequests)
      .where(and(eq(joinRequests.id, input.joinRequestId), eq(joinRequests.companyId, input.companyId)))
      .for('update');
    if (!request) throw new HttpError(404, IT_LOBBY.errors.requestNotFound);

    const thisRequest = codesOf(input.companyId, input.joinRequestId);
    const pauseStart = new Date(input.now.getTime() - LOBBY_RULES.codeResendMs);
    const [recent] = await tx
      .select({ id: phoneVerifications.id })
      .from(phoneVerifications)
      .where(and(thisRequest, gt(phoneVerifications.createdAt, pauseStart)))
      .limit(1);
    if (recent) throw new HttpError(429, IT_LOBBY.errors.codeTooSoon);
    await requireFewNumbersPerRequest(tx, input.companyId, input.joinRequestId, phoneNumber);

    await countVerificationSend(tx, { secret: this.codeSecret, limits: this.limits, phoneNumber, ip: input.ip, companyId: input.companyId, now: input.now });

    await tx
      .update(phoneVerifications)
      .set({ consumedAt: input.now })
      .where(and(thisRequest, isNull(phoneVerifications.consumedAt)));
    const code = String(randomInt(0, 10 ** LOBBY_RULES.codeLength)).padStart(LOBBY_RULES.codeLength, '0');
    const codeExpiresAt = new Date(input.now.getTime() + LOBBY_RULES.codeTtlMs);
    await tx.insert(phoneVerifications).values({
      companyId: input.companyId,
      joinRequestId: input.joinRequestId,
      phoneNumber,
      codeHash: codeHash(this.codeSecret, input.joinRequestId, code),
      createdAt: input.now,
      expiresAt: codeExpiresAt,
    });
    const outboxId = await this.outbox.enqueue(tx, input.companyId, { to: phoneNumber, body: IT_LOBBY.sms.verificationCode(input.companyName, code) });
    return { phoneNumber, codeExpiresAt, resendAfter: new Date(input.now.getTime() + LOBBY_RULES.codeResendMs), outboxId };
  }

  async checkCode(tx: Tx, input: { companyId: string; joinRequestId: string; code: string; now: Date }): Promise<CodeCheck> {
    const newest = tx
      .select({ id: phoneVerifications.id })
      .from(phoneVerifications)
      .where(codesOf(input.companyId, input.joinRequestId))
      .orderBy(...NEWEST_FIRST)
      .limit(1);
    // Counts the attempt only on a live code; zero rows means there is none to try.
    const [live] = await tx
      .update(phoneVerifications)
      .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
      .where(
        and(
          inArray(phoneVerifications.id, newest),
          isNull(phoneVerifications.consumedAt),
          lt(phoneVerifications.attempts, LOBBY_RULES.codeMaxAttempts),
          gt(phoneVerifications.expiresAt, input.now),
        ),
      )
      .returning({ id: phoneVerifications.id, codeHash: phoneVerifications.codeHash, phoneNumber: phoneVerifications.phoneNumber });
    if (!live) return { ok: false, reason: await whyNoLiveCode(tx, input.companyId, input.joinRequestId) };

    const given = Buffer.from(codeHash(this.codeSecret, input.joinRequestId, input.code), 'hex');
    if (!timingSafeEqual(given, Buffer.from(live.codeHash, 'hex'))) return { ok: false, reason: 'wrong' };
    const [consumed] = await tx
      .update(phoneVerifications)
      .set({ consumedAt: input.now })
      .where(and(eq(phoneVerifications.id, live.id), isNull(phoneVerifications.consumedAt)))
      .returning({ id: phoneVerifications.id });
    return consumed ? { ok: true, phoneNumber: live.phoneNumber } : { ok: false, reason: 'expired' };
  }

  deliver(companyId: string, outboxId: string): Promise<void> {
    return this.outbox.deliver(companyId, outboxId);
  }

  redeliver(companyId: string): Promise<number> {
    return this.outbox.redeliver(companyId, LOBBY_RULES.codeTtlMs);
  }

  /** Waits for SMS deliveries in flight (app shutdown). */
  close(): Promise<void> {
    return this.outbox.close();
  }
}

/** The codes of one request, newest first: only the newest can still be right. */
const codesOf = (companyId: string, joinRequestId: string) =>
  and(eq(phoneVerifications.companyId, companyId), eq(phoneVerifications.joinRequestId, joinRequestId));
const NEWEST_FIRST = [desc(phoneVerifications.createdAt), desc(phoneVerifications.id)];

/**
 * Why a check found no live code. None sent → missing; used up → attempts; otherwise it expired,
 * or it was already used or replaced (as dead as an expired one: the visitor needs a new code).
 */
async function whyNoLiveCode(tx: Tx, companyId: string, joinRequestId: string): Promise<'missing' | 'attempts' | 'expired'> {
  const [row] = await tx
    .select({ attempts: phoneVerifications.attempts, consumedAt: phoneVerifications.consumedAt })
    .from(phoneVerifications)
    .where(codesOf(companyId, joinRequestId))
    .orderBy(...NEWEST_FIRST)
    .limit(1);
  if (!row) return 'missing';
  return !row.consumedAt && row.attempts >= LOBBY_RULES.codeMaxAttempts ? 'attempts' : 'expired';
}
