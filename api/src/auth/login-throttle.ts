import { and, eq, lt, sql } from 'drizzle-orm';
import type { RateLimitConfig } from '../config/config';
import type { Database } from '../db/database';
import { loginThrottles } from '../db/schema';
import type { Clock } from '../common/clock';

export interface LoginThrottlePolicy {
  /** Attempts of one account that follow each other without any wait. */
  freeAttempts: number;
  /** The wait after the last free attempt; it doubles with every further one… */
  firstDelayMs: number;
  /** …up to this. */
  maxDelayMs: number;
  /** An account with no attempt for this long starts again from zero. */
  windowMs: number;
}

export type LoginClaim = { allowed: true } | { allowed: false; retryAfterMs: number };

/** The account a sign-in targets: its company and the username as typed, case-blind. */
const accountName = (username: string) => username.trim().toLowerCase();

/**
 * Per-account sign-in throttling that slows down instead of locking. Every attempt is counted by
 * one atomic upsert BEFORE its password is checked, and only while the account's next attempt is
 * due, so parallel guesses can never check more passwords than the policy allows; a right
 * password gives its attempt back. Keyed on company + username, whichever host name or address
 * the attempts come from.
 */
export class LoginThrottle {
  constructor(private readonly deps: { db: Database; clock: Clock; policy: LoginThrottlePolicy }) {}

  claim(companyId: string, username: string): Promise<LoginClaim> {
    const { db, clock, policy } = this.deps;
    const now = clock();
    const windowStart = new Date(now.getTime() - policy.windowMs);
    const { freeAttempts, firstDelayMs, maxDelayMs } = policy;
    const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
    const failures = sql`case when ${loginThrottles.lastAttemptAt} < ${at(windowStart)} then 1 else ${loginThrottles.failures} + 1 end`;
    // The wait this attempt imposes on the next one: none while free, then doubling up to the cap.
    const waitAfter = (count: typeof failures) =>
      sql`${at(now)} + (case when ${count} >= ${freeAttempts}::int then least(${maxDelayMs}::float8, ${firstDelayMs}::float8 * power(2, ${count} - ${freeAttempts}::int)) else 0 end) * interval '1 millisecond'`;
    return db.withTenant(companyId, async (tx) => {
      await tx.delete(loginThrottles).where(and(eq(loginThrottles.companyId, companyId), lt(loginThrottles.lastAttemptAt, windowStart)));
      const counted = await tx
        .insert(loginThrottles)
        .values({ companyId, username: accountName(username), failures: 1, lastAttemptAt: now, nextAttemptAt: waitAfter(sql`1`) })
        .onConflictDoUpdate({
          target: [loginThrottles.companyId, loginThrottles.username],
          set: { failures, lastAttemptAt: now, nextAttemptAt: waitAfter(failures) },
          setWhere: sql`${loginThrottles.nextAttemptAt} <= ${at(now)}`,
        })
        .returning({ failures: loginThrottles.failures });
      if (counted.length > 0) return { allowed: true } as const;
      const [row] = await tx
        .select({ nextAttemptAt: loginThrottles.nextAttemptAt })
        .from(loginThrottles)
        .where(and(eq(loginThrottles.companyId, companyId), eq(loginThrottles.username, accountName(username))));
      return { allowed: false, retryAfterMs: Math.max(1, (row?.nextAttemptAt.getTime() ?? now.getTime()) - now.getTime()) } as const;
    });
  }

  /** A right password: its attempt was not a failure after all. */
  async giveBack(companyId: string, username: string): Promise<void> {
    await this.deps.db.withTenant(companyId, (tx) =>
      tx
        .update(loginThrottles)
        .set({ failures: sql`greatest(${loginThrottles.failures} - 1, 0)` })
        .where(and(eq(loginThrottles.companyId, companyId), eq(loginThrottles.username, accountName(username)))),
    );
  }
}

export function loginThrottle({ db, clock, limits }: { db: Database; clock: Clock; limits: RateLimitConfig }): LoginThrottle {
  const policy = {
    freeAttempts: limits.accountFailures,
    firstDelayMs: limits.accountFirstDelayMs,
    maxDelayMs: limits.accountMaxDelayMs,
    windowMs: limits.accountWindowMs,
  };
  return new LoginThrottle({ db, clock, policy });
}
