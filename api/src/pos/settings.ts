import { POS_EXPIRY_HOURS, type PosSettings } from '@incontra/contracts/api/pos';
import { IT_POS } from '@incontra/contracts/messages/it-pos';
import { recordActivity } from '../activity/activity-log';
import type { StaffContext } from '../auth/authenticate';
import type { Database } from '../db/database';
import { readExpiryHours, writeExpiryHours } from './repository';

/** The company's point-of-sale setting: how long an unpaid request stays open (new requests only). */
export class PosSettingsService {
  constructor(private readonly deps: { db: Database }) {}

  read(companyId: string): Promise<PosSettings> {
    return this.deps.db.withTenant(companyId, async (tx) => ({ expiryHours: (await readExpiryHours(tx, companyId)) ?? POS_EXPIRY_HOURS.default }));
  }

  async change(staff: StaffContext, expiryHours: number): Promise<PosSettings> {
    const companyId = staff.company.id;
    await this.deps.db.withTenant(companyId, async (tx) => {
      await writeExpiryHours(tx, companyId, expiryHours);
      await recordActivity(tx, companyId, staff.user, {
        action: 'update',
        entityType: 'company',
        entityId: companyId,
        summary: IT_POS.activity.expiry(expiryHours),
      });
    });
    return this.read(companyId);
  }
}
