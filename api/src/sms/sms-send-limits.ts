import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import type { Tx } from '../db/database';
import { smsSendCounters } from '../db/schema';
import { HttpError } from '../http/http-error';

export interface SmsDailyLimits {
  perPhonePerDay: number;
  perIpPerDay: number;
  perCompanyPerDay: number;
}

export const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/** The calendar day (UTC) a send counts against: `2026-03-02`. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * One verification SMS counted against the daily limits of its phone number, the caller's
 * address and the company, shared by every API process through `sms_send_counters`.
 *
 * Each count is one atomic upsert (`INSERT … ON CONFLICT DO UPDATE SET count = count + 1
 * RETURNING count`), so concurrent sends never lose a count; the row lock it takes serialises
 * them per key until the caller commits. The three counts run in a savepoint: when one key is
 * over its limit the savepoint is rolled back and nothing is counted at all, neither the key that
 * refused nor the others. A refused send thus costs no quota (a visitor over the per-number limit
 * does not eat the company's), and neither does a send whose transaction later fails.
 *
 * Numbers and addresses are stored only as keyed hashes: the table is shared across companies
 * (the per-number and per-address limits hold whichever company's page is used) and holds no
 * personal data in clear. Keys are checked phone first, then address, then company, always in
 * that order, so that two transactions never wait for each other's rows crosswise.
 */
export async function countVerificationSend(
  tx: Tx,
  input: { secret: string; limits: SmsDailyLimits; phoneNumber: string; ip: string; companyId: string; now: Date },
): Promise<void> {
  const refused = await countSmsSend(tx, input);
  if (refused) throw new HttpError(429, REFUSALS[refused]);
}

/** Which daily limit refused a send. */
export type SmsLimit = 'phone' | 'ip' | 'company';

const REFUSALS: Record<SmsLimit, string> = {
  phone: IT_LOBBY.errors.sendLimitPhone,
  ip: IT_LOBBY.errors.sendLimitIp,
  company: IT_LOBBY.errors.sendLimitCompany,
};

/** Thrown inside the savepoint to roll back every count made so far, caught outside it. */
class LimitReached extends Error {
  constructor(readonly limit: SmsLimit) {
    super(`SMS daily limit reached: ${limit}`);
  }
}

/**
 * The counting of countVerificationSend, for any SMS (the verification codes, the text messages
 * of smsTexts): answers null when the send was counted, or the limit that refused it (nothing
 * counted then).
 */
export async function countSmsSend(
  tx: Tx,
  input: { secret: string; limits: SmsDailyLimits; phoneNumber: string; ip: string; companyId: string; now: Date },
): Promise<SmsLimit | null> {
  const day = utcDay(input.now);
  const counters: { key: string; limit: number; name: SmsLimit }[] = [
    { key: `phone:${hmacHex(input.secret, input.phoneNumber)}`, limit: input.limits.perPhonePerDay, name: 'phone' },
    { key: `ip:${hmacHex(input.secret, input.ip)}`, limit: input.limits.perIpPerDay, name: 'ip' },
    { key: `company:${input.companyId}`, limit: input.limits.perCompanyPerDay, name: 'company' },
  ];
  try {
    await tx.transaction(async (savepoint) => {
      for (const counter of counters) {
        const [row] = await savepoint
          .insert(smsSendCounters)
          .values({ key: counter.key, day, count: 1 })
          .onConflictDoUpdate({ target: [smsSendCounters.key, smsSendCounters.day], set: { count: sql`${smsSendCounters.count} + 1` } })
          .returning({ count: smsSendCounters.count });
        if (!row) throw new Error('The SMS counter upsert returned no row');
        // Thrown inside the savepoint: every count made so far is rolled back with it.
        if (row.count > counter.limit) throw new LimitReached(counter.name);
      }
    });
    return null;
  } catch (error) {
    if (error instanceof LimitReached) return error.limit;
    throw error;
  }
}
