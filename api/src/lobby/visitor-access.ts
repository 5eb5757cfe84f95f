import { idSchema } from '@incontra/contracts/api/common';
import type { Tx } from '../db/database';
import { requestNotFound } from './moves';
import * as repository from './repository';
import type { JoinRequestRow } from './repository';
import { visitorTokenMatches } from './visitor-token';

export function isRequestId(id: string): boolean {
  return idSchema.safeParse(id).success;
}

/**
 * The request when `token` is its visitor token, noting the visitor as seen (alive); null for an
 * unknown id, another company's request or a wrong token alike, so none can be told apart.
 * `lock` holds the row until the transaction ends (the visitor's calls on it then run one by one).
 */
export async function visitorRow(tx: Tx, companyId: string, id: string, token: string | null, now: Date, lock = false): Promise<JoinRequestRow | null> {
  if (!isRequestId(id)) return null;
  const row = await repository.findRequest(tx, companyId, id, lock);
  if (!row || !visitorTokenMatches(row.visitorTokenHash, token)) return null;
  await repository.markSeen(tx, companyId, [id], now);
  return { ...row, visitorSeenAt: now };
}

export async function requireVisitorRow(tx: Tx, companyId: string, id: string, token: string | null, now: Date, lock = false): Promise<JoinRequestRow> {
  const row = await visitorRow(tx, companyId, id, token, now, lock);
  if (!row) throw requestNotFound();
  return row;
}
