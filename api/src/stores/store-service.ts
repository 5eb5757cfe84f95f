import type { ManagedStore } from '@incontra/contracts/api/store-management';
import { IT } from '@incontra/contracts/messages/it';
import { IT_STORES } from '@incontra/contracts/messages/it-stores';
import { recordActivity } from '../activity/activity-log';
import { countUpcomingBooked } from '../booking/facade';
import { countOpenRequestsOfStore } from '../pos/facade';
import { countUpcomingWebinarsOfStore } from '../webinars/facade';
import type { Clock } from '../common/clock';
import type { StaffContext } from '../auth/authenticate';
import type { Database, Tx } from '../db/database';
import { HttpError } from '../http/http-error';
import { servesStore } from '../tenancy/store-scope';
import * as repository from './store-repository';

export const notFound = () => new HttpError(404, IT.errors.notFound);
const nameTaken = () => new HttpError(409, IT_STORES.errors.storeNameTaken, 'name');

/**
 * What keeps a store from being deleted: appointments visitors still count on (held ones, being
 * paid, included), payment requests a customer may be paying, webinars published and not over
 * (their registrants). Each blocker gives the refusal's reason, or null. What ended goes with the
 * store, but its payment requests: they stay, the company's record (drizzle/0020).
 */
type DeleteBlocker = (tx: Tx, companyId: string, storeId: string, now: Date) => Promise<string | null>;

const futureReservations: DeleteBlocker = async (tx, companyId, storeId, now) => {
  const count = await countUpcomingBooked(tx, companyId, { storeId }, now);
  return count > 0 ? IT_STORES.errors.storeHasFutureReservations(count) : null;
};

const openPaymentRequests: DeleteBlocker = async (tx, companyId, storeId, now) => {
  const count = await countOpenRequestsOfStore(tx, companyId, storeId, now);
  return count > 0 ? IT_STORES.errors.storeHasOpenPayments(count) : null;
};

const upcomingWebinars: DeleteBlocker = async (tx, companyId, storeId, now) => {
  const count = await countUpcomingWebinarsOfStore(tx, companyId, storeId, now);
  return count > 0 ? IT_STORES.errors.storeHasUpcomingWebinars(count) : null;
};

const DELETE_BLOCKERS: readonly DeleteBlocker[] = [futureReservations, openPaymentRequests, upcomingWebinars];

export class StoresService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** The stores the staff member serves (an admin: all of them). */
  list(staff: StaffContext): Promise<ManagedStore[]> {
    const companyId = staff.company.id;
    return this.db.withTenant(companyId, async (tx) => repository.listStores(tx, companyId, staff.user.id));
  }

  /** One store the staff member serves; any other is not found. */
  get(staff: StaffContext, storeId: string): Promise<ManagedStore> {
    const companyId = staff.company.id;
    return this.db.withTenant(companyId, async (tx) => {
      const store = (await servesStore(tx, companyId, staff.user.id, storeId)) ? await repository.findStore(tx, companyId, storeId) : null;
      if (!store) throw notFound();
      return store;
    });
  }

  create(staff: StaffContext, fields: repository.StoreFields): Promise<ManagedStore> {
    const companyId = staff.company.id;
    return this.db.withTenant(companyId, async (tx) => {
      await repository.lockStoreNames(tx, companyId);
      if (await repository.storeNameTaken(tx, companyId, fields.name)) throw nameTaken();
      const id = await repository.insertStore(tx, companyId, fields);
      await recordActivity(tx, companyId, staff.user, {
        action: 'create',
        entityType: 'store',
        entityId: id,
        summary: IT_STORES.activity.storeCreated(fields.name),
      });
      return (await repository.findStore(tx, companyId, id))!;
    });
  }

  update(staff: StaffContext, storeId: string, fields: Partial<repository.StoreFields>): Promise<ManagedStore> {
    const companyId = staff.company.id;
    return this.db.withTenant(companyId, async (tx) => {
      if (fields.name !== undefined) await repository.lockStoreNames(tx, companyId);
      const store = await repository.lockStore(tx, companyId, storeId);
      if (!store) throw notFound();
      // Nothing to change is no change: nothing written, nothing logged.
      if (Object.keys(fields).length === 0) return (await repository.findStore(tx, companyId, storeId))!;
      if (fields.name !== undefined && (await repository.storeNameTaken(tx, companyId, fields.name, storeId))) throw nameTaken();
      await repository.updateStore(tx, companyId, storeId, fields);
      const name = fields.name ?? store.name;
      await recordActivity(tx, companyId, staff.user, {
        action: 'update',
        entityType: 'store',
        entityId: storeId,
        summary: IT_STORES.activity.storeUpdated(name),
      });
      return (await repository.findStore(tx, companyId, storeId))!;
    });
  }

  /** Refused (409, with the reason) while something still expects the store; else it goes with all it owns. */
  delete(staff: StaffContext, storeId: string): Promise<void> {
    const companyId = staff.company.id;
    return this.db.withTenant(companyId, async (tx) => {
      const store = await repository.lockStore(tx, companyId, storeId);
      if (!store) throw notFound();
      for (const blocker of DELETE_BLOCKERS) {
        const reason = await blocker(tx, companyId, storeId, this.clock());
        if (reason) throw new HttpError(409, reason);
      }
      await repository.deleteStore(tx, companyId, storeId);
      await recordActivity(tx, companyId, staff.user, {
        action: 'delete',
        entityType: 'store',
        entityId: storeId,
        summary: IT_STORES.activity.storeDeleted(store.name),
      });
    });
  }
}
