import type { StaffJoinRequest, VisitorJoinRequest } from '@incontra/contracts/api/join-requests';
import type { LobbyEvent } from '@incontra/contracts/realtime/lobby';

/**
 * Where the join-request service announces every change it committed (one event per change,
 * after the commit). The realtime side publishes it on the pub/sub port to every process.
 */
export interface LobbyNotifier {
  changed(event: LobbyEvent): Promise<void>;
}

/** What the lobby socket asks of the join-request service. */
export interface LobbyAccess {
  /**
   * The visitor's own request when `token` is its visitor token (and notes the visitor as seen);
   * null for an unknown id, another company's request or a wrong token — indistinguishably.
   */
  visitorRequest(companyId: string, requestId: string, token: string): Promise<VisitorJoinRequest | null>;
  /** Visitors whose socket is open are alive: their requests are not withdrawn as abandoned. */
  markVisitorsSeen(companyId: string, requestIds: readonly string[]): Promise<void>;
  /**
   * The live queue of the stores a staff member serves, and those stores' ids (null: every store
   * of the company), so that later events can be filtered the same way.
   */
  queueFor(companyId: string, userId: string): Promise<{ requests: StaffJoinRequest[]; storeIds: ReadonlySet<string> | null }>;
}
