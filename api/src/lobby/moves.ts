import type { SQL } from 'drizzle-orm';
import { isFinal, sourcesOf, type JoinRequestStatus } from '@incontra/contracts/api/join-requests';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import type { Tx } from '../db/database';
import { HttpError } from '../http/http-error';
import * as repository from './repository';
import type { JoinRequestChanges, JoinRequestRow } from './repository';

export type MoveResult = { ok: true; row: JoinRequestRow } | { ok: false; current: JoinRequestRow | null };

export const requestNotFound = () => new HttpError(404, IT_LOBBY.errors.requestNotFound);

/** Request `id` to `to`, with `changes` (none by default), at `now`; `extra` narrows the rows it may move further. */
export interface RequestMove {
  id: string;
  to: JoinRequestStatus;
  changes?: JoinRequestChanges;
  now: Date;
  extra?: SQL;
}

/**
 * One request's move, atomically: the row changes only if, at the instant of the update, its
 * status is one the contract allows the move from (`sourcesOf`). Two callers racing for the same
 * move therefore have one winner; the loser gets the row as the winner left it.
 */
export async function moveRequest(tx: Tx, companyId: string, { id, to, changes = {}, now, extra }: RequestMove): Promise<MoveResult> {
  const moved = await repository.moveRequests(tx, companyId, { ids: [id], from: sourcesOf(to), extra }, to, changes, now);
  const row = await repository.findRequest(tx, companyId, id);
  if (moved.length === 1 && row) return { ok: true, row };
  return { ok: false, current: row };
}

/**
 * Why a move did not happen, in the visitor's or staff's words. `staffId`: a staff member asked
 * (approve, reject, busy), who learns whether a colleague took the request first.
 */
export function refusalOf(current: JoinRequestRow | null, to: JoinRequestStatus, staffId?: string): HttpError {
  if (!current) return requestNotFound();
  const { status } = current;
  if (isFinal(status)) return new HttpError(409, IT_LOBBY.errors.requestClosed);
  if (staffId === undefined) return new HttpError(409, IT_LOBBY.errors.illegalTransition(status, to));
  if (status === 'approved' || status === 'joined') {
    return new HttpError(409, current.handledById === staffId ? IT_LOBBY.errors.alreadyHandled : IT_LOBBY.errors.takenByOther);
  }
  if (status === 'verifying' || (status === 'pending' && current.verificationRequired)) {
    return new HttpError(409, IT_LOBBY.errors.verificationRequired);
  }
  return new HttpError(409, IT_LOBBY.errors.alreadyHandled);
}

/** The move, or the refusal thrown (the caller's transaction then rolls back); `staffId` as in `refusalOf`. */
export async function moveOrThrow(tx: Tx, companyId: string, move: RequestMove, staffId?: string): Promise<JoinRequestRow> {
  const result = await moveRequest(tx, companyId, move);
  if (!result.ok) throw refusalOf(result.current, move.to, staffId);
  return result.row;
}
