import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../src/db/database';
import { joinRequests, rooms, smsOutbox } from '../../src/db/schema';
import { seedDatabase } from '../../src/seed/seed';
import { PhoneVerificationService } from '../../src/sms/phone-verification';
import type { SmsDailyLimits } from '../../src/sms/sms-send-limits';
import type { SmsMessage, SmsSender } from '../../src/sms/sms-sender';
import { silentLog } from './silent-log';
import { createTestDatabase, type TestDatabase } from './test-database';

/** A clock the test moves to any instant (the day boundary of the SMS limits included). */
export class SettableClock {
  private current: Date;
  constructor(start: string) {
    this.current = new Date(start);
  }
  readonly now = () => new Date(this.current);
  set(iso: string): void {
    this.current = new Date(iso);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** Records what it was asked to send; `fail` makes the next sends reject like a provider would. */
export class RecordingSmsSender implements SmsSender {
  readonly kind = 'outbox' as const;
  readonly sent: SmsMessage[] = [];
  fail: Error | null = null;
  async send(message: SmsMessage) {
    if (this.fail) throw this.fail;
    this.sent.push(message);
    return { providerId: `SM${this.sent.length}` };
  }
}

export const HIGH_LIMITS: SmsDailyLimits = { perPhonePerDay: 1000, perIpPerDay: 1000, perCompanyPerDay: 1000 };

export interface SmsFixture {
  db: Database;
  demoId: string;
  acmeId: string;
  /** A fresh `pending` live join request of that company (plain insert, as the lobby would). */
  joinRequest(companyId: string): Promise<string>;
  service(options: { clock: SettableClock; sender?: SmsSender; limits?: Partial<SmsDailyLimits> }): PhoneVerificationService;
  outboxRow(companyId: string, id: string): Promise<typeof smsOutbox.$inferSelect>;
  close(): Promise<void>;
}

/** A migrated, seeded test database (Demo and Acme) for the SMS suites. */
export async function startSmsFixture(): Promise<SmsFixture> {
  const testDatabase: TestDatabase = await createTestDatabase();
  const db = await testDatabase.open();
  await db.migrate();
  const ids = await seedDatabase(db, new Date('2026-03-01T00:00:00Z'));
  const roomOf = new Map<string, { id: string; storeId: string }>();
  for (const companyId of [ids.demo!, ids.acme!]) {
    const [room] = await db.asOwnerForTenant(companyId, (tx) =>
      tx.select({ id: rooms.id, storeId: rooms.storeId }).from(rooms).where(eq(rooms.companyId, companyId)).limit(1),
    );
    roomOf.set(companyId, room!);
  }
  return {
    db,
    demoId: ids.demo!,
    acmeId: ids.acme!,
    async joinRequest(companyId) {
      const room = roomOf.get(companyId)!;
      const [row] = await db.withTenant(companyId, (tx) =>
        tx
          .insert(joinRequests)
          .values({
            companyId,
            storeId: room.storeId,
            roomId: room.id,
            source: 'live',
            status: 'pending',
            name: 'Giulia',
            visitorTokenHash: randomUUID(),
            verificationRequired: true,
            expiresAt: new Date('2030-01-01T00:00:00Z'),
          })
          .returning({ id: joinRequests.id }),
      );
      return row!.id;
    },
    service: ({ clock, sender = new RecordingSmsSender(), limits }) =>
      new PhoneVerificationService({
        db,
        clock: clock.now,
        sender,
        limits: { ...HIGH_LIMITS, ...limits },
        codeSecret: 'sms-code-secret-for-tests',
        defaultCountry: 'IT',
        log: silentLog,
      }),
    async outboxRow(companyId, id) {
      const [row] = await db.withTenant(companyId, (tx) =>
        tx
          .select()
          .from(smsOutbox)
          .where(and(eq(smsOutbox.companyId, companyId), eq(smsOutbox.id, id))),
      );
      if (!row) throw new Error(`no outbox row ${id}`);
      return row;
    },
    async close() {
      await db.close();
      await testDatabase.drop();
    },
  };
}
