import type { Tx } from '../db/database';
import { countOpenPayments } from './repository';

/**
 * The point of sale as other domains see it. A store's requests still waiting to be paid at `now`:
 * they keep the store from being deleted (a customer may be paying one), while its requests that
 * ended stay after it (drizzle/0020).
 */
export function countOpenRequestsOfStore(tx: Tx, companyId: string, storeId: string, now: Date): Promise<number> {
  return countOpenPayments(tx, companyId, now, storeId);
}
