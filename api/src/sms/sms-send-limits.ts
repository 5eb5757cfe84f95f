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
  const day = utcDay(input.now);
  const counters = [
    { key: `phone:${hmacHex(input.secret, input.phoneNumber)}`, limit: input.limits.perPhonePerDay, refusal: IT_LOBBY.errors.sendLimitPhone },
    { key: `ip:${hmacHex(input.secret, input.ip)}`, limit: input.limits.perIpPerDay, refusal: IT_LOBBY.errors.sendLimitIp },
    { key: `company:${input.companyId}`, limit: input.limits.perCompanyPerDay, refusal: IT_LOBBY.errors.sendLimitCompany },
  ];
  await tx.transaction(async (savepoint) => {
    for (const counter of counters) {
      const [row] = await savepoint
        .insert(smsSendCounters)
        .values({ key: counter.key, day, count: 1 })
        .onConflictDoUpdate({ target: [smsSendCounters.key, smsSendCounters.day], set: { count: sql`${smsSendCounters.count} + 1` } })
        .returning({ count: smsSendCounters.count });
      if (!row) throw new Error('The SMS counter upsert returned no row');
      // Thrown inside the savepoint: every count made so far is rolled back with it.
      if (row.count > counter.limit) throw new HttpError(429, counter.refusal);
    }
  });
}
