import { afterCommit, type Tx } from '../db/database';

/** Tells the staff's open agendas that a store's reservations changed (after the commit; never fails the caller). */
export interface AgendaNotifier {
  changed(companyId: string, storeId: string): void;
}

// The stores each open transaction has already registered a notice for.
const toldOf = new WeakMap<Tx, Set<string>>();

/**
 * Once `tx` has committed, the store's agendas open anywhere are told, once per store however
 * many of its reservations the transaction changed (a closing cancels several); never for a
 * rolled-back one.
 */
export function tellAgendaAfterCommit(tx: Tx, agenda: AgendaNotifier, companyId: string, storeId: string): void {
  let told = toldOf.get(tx);
  if (!told) {
    told = new Set();
    toldOf.set(tx, told);
  }
  if (told.has(storeId)) return;
  told.add(storeId);
  afterCommit(tx, () => agenda.changed(companyId, storeId));
}
