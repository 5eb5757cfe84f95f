import type { StaffJoinRequest, VisitorJoinRequest } from '@incontra/contracts/api/join-requests';
import type { ServerLobbyMessage } from '@incontra/contracts/realtime/lobby';

/** A lobby socket as the hub sees it: it can be written to and closed. */
export interface LobbyEndpoint {
  send(message: ServerLobbyMessage): void;
  close(code: number): void;
}

/** A socket's place in the hub, and the state of what it was told. */
export interface Member<T> {
  endpoint: LobbyEndpoint;
  /**
   * Changes that arrived while the socket's answer (queue or status) was being read; sent after
   * it, in order, then null. Nothing published once the subscription is live is missed.
   */
  backlog: T[] | null;
  /** The subscription came back from a loss while that answer was being read: read it once more. */
  stale: boolean;
  gone: boolean;
  leave: () => void;
}

export interface StaffSocketMember extends Member<StaffJoinRequest> {
  userId: string;
  storeIds: ReadonlySet<string> | null;
}

/** The token stays with the socket: its status is read again after a pub/sub loss. */
export interface VisitorMember extends Member<VisitorJoinRequest> {
  requestId: string;
  token: string;
}

/** Whether staff serving `storeIds` (null: every store) hear of a store's change; null is a deleted store's, heard by those serving every store. */
export function serves(storeIds: ReadonlySet<string> | null, storeId: string | null): boolean {
  return storeIds === null || (storeId !== null && storeIds.has(storeId));
}

/** What was held back while the answer was read; from now on changes go straight out. */
export function takeBacklog<T>(member: Member<T>): T[] {
  const backlog = member.backlog ?? [];
  member.backlog = null;
  return backlog;
}

/**
 * Whether the socket's state is to be read afresh now, changes held back meanwhile as for its
 * first answer. A socket whose answer is still being read is marked instead: that read may
 * predate the loss.
 */
export function startRefresh<T>(member: Member<T>): boolean {
  if (member.gone) return false;
  if (member.backlog) {
    member.stale = true;
    return false;
  }
  member.backlog = [];
  return true;
}

/** After an answer: whether a loss came meanwhile, so that it is read once more (the mark is cleared). */
export function readAgain<T>(member: Member<T>): boolean {
  const again = member.stale && !member.gone;
  member.stale = false;
  return again;
}

/** The last word (if any), out of the hub, closed with `code`. Nothing happens to a socket already gone. */
export function endMember<T>(member: Member<T>, last: ServerLobbyMessage | null, code: number): void {
  if (member.gone) return;
  if (last) member.endpoint.send(last);
  member.leave();
  member.endpoint.close(code);
}
