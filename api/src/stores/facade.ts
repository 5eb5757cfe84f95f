import type { Tx } from '../db/database';
import { findStore } from './store-repository';
import { listTopics } from './topic-repository';

/*
 * What other domains may read of stores, inside their own transaction: a domain calls another's
 * facade, never its repository (eslint.config.mjs).
 */

/** The store's topics as visitors choose them (by name), each with the ids of the rooms serving it (none: every room). */
export async function listStoreTopics(
  tx: Tx,
  companyId: string,
  storeId: string,
): Promise<{ id: string; name: string; roomIds: string[]; price: number | null }[]> {
  const topics = await listTopics(tx, companyId, storeId);
  return topics.map(({ id, name, roomIds, price }) => ({ id, name, roomIds, price }));
}

/** The store's name, or null for none of the company's. */
export async function storeNameOf(tx: Tx, companyId: string, storeId: string): Promise<string | null> {
  return (await findStore(tx, companyId, storeId))?.name ?? null;
}
