import type { FastifyBaseLogger } from 'fastify';
import { isFinal, type StaffJoinRequest, type VisitorJoinRequest } from '@incontra/contracts/api/join-requests';
import { LOBBY, LOBBY_CLOSE, lobbyChannelOf, lobbyEventSchema, type LobbyEvent } from '@incontra/contracts/realtime/lobby';
import type { PubSub, Unsubscribe } from '../realtime/pubsub';
import {
  endMember,
  readAgain,
  serves,
  startRefresh,
  takeBacklog,
  type LobbyEndpoint,
  type Member,
  type StaffSocketMember,
  type VisitorMember,
} from './lobby-members';
import type { LobbyAccess } from '../lobby/lobby-ports';
import { agendaChangeSchema, type AgendaChange } from './agenda-changes';
import { posChangeSchema, type PosChange } from './pos-changes';
import { staffChangeSchema, type StaffChange } from './staff-changes';

export type { LobbyEndpoint } from './lobby-members';

/** A socket's place in the hub. Leaving twice is harmless. */
export interface LobbyMembership {
  leave(): void;
}

/** Closes a socket whose state could not be read afresh: its client reconnects and says hello again. */
export const WS_INTERNAL_ERROR = 1011;

/** One company's sockets on this process, and its channel's subscription. */
interface CompanyLobby {
  companyId: string;
  staff: Set<StaffSocketMember>;
  /** By request id: an event costs the sockets of its own request, not every waiting visitor. */
  visitors: Map<string, Set<VisitorMember>>;
  members: number;
  subscription: Promise<Unsubscribe>;
}

export interface LobbyHubOptions {
  pubsub: PubSub;
  access: LobbyAccess;
  log: FastifyBaseLogger;
  /** How often the visitors of open sockets are reported alive (the contract's heartbeat otherwise). */
  seenIntervalMs?: number;
}

/**
 * The lobby sockets of this process. A company's channel is subscribed while at least one of its
 * sockets is open here; each change that comes through goes to that company's staff serving the
 * request's store, and to the sockets of the request's own visitor. Changes made on any process
 * arrive the same way, so a socket never needs to know where the change was made. When the
 * pub/sub says its subscriptions came back from a loss, every socket gets its queue or status
 * afresh: what was published meanwhile never arrived. The same channel tells of staff members an
 * admin deactivated or deleted (their consoles close) or gave other stores (their queue is read again).
 */
export class LobbyHub {
  private readonly companies = new Map<string, CompanyLobby>();
  private readonly seenTimer: NodeJS.Timeout;
  private readonly stopListening: () => void;

  constructor(private readonly options: LobbyHubOptions) {
    this.seenTimer = setInterval(() => void this.reportVisitorsSeen(), options.seenIntervalMs ?? LOBBY.heartbeatIntervalMs);
    this.seenTimer.unref();
    this.stopListening = options.pubsub.onResubscribed?.(() => this.resubscribed()) ?? (() => undefined);
  }

  /**
   * A staff console: its live queue first, then every change of a request of its stores. Rejects
   * when the queue cannot be read (the caller closes the socket, the client retries).
   */
  async joinStaff(companyId: string, userId: string, endpoint: LobbyEndpoint): Promise<LobbyMembership> {
    const member: StaffSocketMember = { endpoint, backlog: [], stale: false, gone: false, leave: () => undefined, userId, storeIds: null };
    const lobby = this.enter(companyId);
    lobby.staff.add(member);
    const membership = this.membership(lobby, member, () => lobby.staff.delete(member));
    try {
      await lobby.subscription;
      await this.answerStaff(lobby, member);
    } catch (error) {
      membership.leave();
      throw error;
    }
    return membership;
  }

  /**
   * A waiting visitor: its request's status first, then every change of it; null (and no
   * membership) when the token does not open that request of that company.
   */
  async joinVisitor(companyId: string, requestId: string, token: string, endpoint: LobbyEndpoint): Promise<LobbyMembership | null> {
    const member: VisitorMember = { endpoint, backlog: [], stale: false, gone: false, leave: () => undefined, requestId, token };
    const lobby = this.enter(companyId);
    const sockets = lobby.visitors.get(requestId) ?? new Set<VisitorMember>();
    lobby.visitors.set(requestId, sockets.add(member));
    const membership = this.membership(lobby, member, () => {
      sockets.delete(member);
      if (sockets.size === 0 && lobby.visitors.get(requestId) === sockets) lobby.visitors.delete(requestId);
    });
    let opened: boolean;
    try {
      await lobby.subscription;
      opened = await this.answerVisitor(lobby, member);
    } catch (error) {
      membership.leave();
      throw error;
    }
    if (opened) return membership;
    membership.leave();
    return null;
  }

  /** Sockets open on this process (for tests and figures). */
  socketCount(): number {
    let count = 0;
    for (const lobby of this.companies.values()) {
      count += lobby.staff.size;
      for (const sockets of lobby.visitors.values()) count += sockets.size;
    }
    return count;
  }

  /** Companies whose channel this process listens to. */
  companyCount(): number {
    return this.companies.size;
  }

  /** Stops reporting visitors alive; the sockets themselves are closed by the routes. */
  shutdown(): void {
    clearInterval(this.seenTimer);
    this.stopListening();
  }

  /** The queue of the member's stores, then what arrived while it was read. The caller set the backlog. */
  private async answerStaff(lobby: CompanyLobby, member: StaffSocketMember): Promise<void> {
    const { requests, storeIds } = await this.options.access.queueFor(lobby.companyId, member.userId);
    if (member.gone) return;
    member.storeIds = storeIds;
    member.endpoint.send({ type: 'queue', requests });
    for (const request of takeBacklog(member)) this.toStaff(member, request);
    if (readAgain(member)) this.refreshStaff(lobby, member);
  }

  /** The request's status, then what arrived while it was read; false when the token does not open it. */
  private async answerVisitor(lobby: CompanyLobby, member: VisitorMember): Promise<boolean> {
    const request = await this.options.access.visitorRequest(lobby.companyId, member.requestId, member.token);
    if (!request) return false;
    for (const change of [request, ...takeBacklog(member)]) if (!member.gone) this.toVisitor(member, change);
    if (readAgain(member)) this.refreshVisitor(lobby, member);
    return true;
  }

  private resubscribed(): void {
    this.options.log.info({ companies: this.companies.size, sockets: this.socketCount() }, 'lobby subscriptions back: sending every socket its state afresh');
    for (const lobby of this.companies.values()) {
      for (const member of lobby.staff) this.refreshStaff(lobby, member);
      for (const sockets of lobby.visitors.values()) for (const member of sockets) this.refreshVisitor(lobby, member);
    }
  }

  private refreshStaff(lobby: CompanyLobby, member: StaffSocketMember): void {
    if (startRefresh(member)) this.answerStaff(lobby, member).catch((error: unknown) => this.drop(member, error));
  }

  /** A token that no longer opens the request (it cannot change: the request is gone) ends the socket as unauthorized. */
  private refreshVisitor(lobby: CompanyLobby, member: VisitorMember): void {
    if (!startRefresh(member)) return;
    this.answerVisitor(lobby, member).then(
      (opened) => {
        if (!opened) endMember(member, { type: 'bye', reason: 'unauthorized' }, LOBBY_CLOSE.unauthorized);
      },
      (error: unknown) => this.drop(member, error),
    );
  }

  /** Could not be read afresh: closed as a server failure, so that the client reconnects and reads it then. */
  private drop<T>(member: Member<T>, error: unknown): void {
    this.options.log.warn({ err: error }, 'lobby socket state could not be read again; closing it');
    endMember(member, null, WS_INTERNAL_ERROR);
  }

  private enter(companyId: string): CompanyLobby {
    let lobby = this.companies.get(companyId);
    if (!lobby) {
      // The handler holds this lobby, not the company id: a subscription still being left while
      // the company's new sockets start another one delivers to nobody, never twice.
      const created = { companyId, staff: new Set<StaffSocketMember>(), visitors: new Map<string, Set<VisitorMember>>(), members: 0 } as CompanyLobby;
      created.subscription = this.options.pubsub.subscribe(lobbyChannelOf(companyId), (message) => this.receive(created, message));
      // A failed subscription is not kept: the next socket of the company tries again.
      created.subscription.catch(() => this.companies.get(companyId) === created && this.companies.delete(companyId));
      this.companies.set(companyId, created);
      lobby = created;
    }
    lobby.members += 1;
    return lobby;
  }

  private membership<T>(lobby: CompanyLobby, member: Member<T>, remove: () => void): LobbyMembership {
    member.leave = () => {
      if (member.gone) return;
      member.gone = true;
      remove();
      lobby.members -= 1;
      if (lobby.members > 0) return;
      if (this.companies.get(lobby.companyId) === lobby) this.companies.delete(lobby.companyId);
      lobby.subscription.then(
        (unsubscribe) => unsubscribe().catch((error: unknown) => this.options.log.warn({ err: error }, 'lobby channel could not be left')),
        () => undefined, // never subscribed: nothing to leave
      );
    };
    return { leave: member.leave };
  }

  private receive(lobby: CompanyLobby, message: string): void {
    const event = this.parse(message);
    if (event?.type === 'staff' && event.companyId === lobby.companyId) return this.staffChanged(lobby, event);
    if (event?.type === 'agenda' && event.companyId === lobby.companyId) return this.agendaChanged(lobby, event);
    if (event?.type === 'pos' && event.companyId === lobby.companyId) return this.posChanged(lobby, event);
    if (!event || event.type !== 'join-request' || event.companyId !== lobby.companyId) {
      this.options.log.warn({ companyId: lobby.companyId }, 'lobby event dropped: not a valid event of this company');
      return;
    }
    // Staff do not see a request whose phone is still to be proven: it is in no queue yet.
    if (!event.visitor.verificationRequired) for (const member of [...lobby.staff]) this.toStaff(member, event.request);
    const sockets = lobby.visitors.get(event.request.id);
    if (sockets) for (const member of [...sockets]) this.toVisitor(member, event.visitor);
  }

  /**
   * The channel carries join-request changes, admins' changes of a staff member (./staff-changes)
   * changes of a store's reservations (./agenda-changes) and of its payment requests (./pos-changes).
   */
  private parse(message: string): LobbyEvent | StaffChange | AgendaChange | PosChange | null {
    let json: unknown;
    try {
      json = JSON.parse(message);
    } catch {
      return null;
    }
    for (const schema of [lobbyEventSchema, staffChangeSchema, agendaChangeSchema, posChangeSchema]) {
      const parsed = schema.safeParse(json);
      if (parsed.success) return parsed.data;
    }
    return null;
  }

  /**
   * Told to the staff serving the store whose first queue has gone out; a socket still before it
   * reads the agenda anyway when its queue comes (the client's agenda reads again on `queue`).
   */
  private agendaChanged(lobby: CompanyLobby, change: AgendaChange): void {
    for (const member of lobby.staff) {
      if (!member.gone && !member.backlog && serves(member.storeIds, change.storeId)) member.endpoint.send({ type: 'agenda', storeId: change.storeId });
    }
  }

  /** Told to the staff serving the store, as the agenda's changes are (their payments' screens read it again). */
  private posChanged(lobby: CompanyLobby, change: PosChange): void {
    for (const member of lobby.staff) {
      if (!member.gone && !member.backlog && serves(member.storeIds, change.storeId))
        member.endpoint.send({ type: 'pos', storeId: change.storeId, paymentId: change.paymentId });
    }
  }

  /** A staff member deactivated or deleted is dismissed at once; one whose role or stores changed reads their queue afresh. */
  private staffChanged(lobby: CompanyLobby, change: StaffChange): void {
    for (const member of [...lobby.staff]) {
      if (member.userId !== change.userId) continue;
      if (change.change === 'ended') endMember(member, { type: 'bye', reason: 'unauthorized' }, LOBBY_CLOSE.unauthorized);
      else this.refreshStaff(lobby, member);
    }
  }

  private toStaff(member: StaffSocketMember, request: StaffJoinRequest): void {
    if (member.gone) return;
    if (member.backlog) member.backlog.push(request);
    else if (serves(member.storeIds, request.storeId)) member.endpoint.send({ type: 'request', request });
  }

  /** A final status is the last word: the socket is told it is over and closed. */
  private toVisitor(member: VisitorMember, request: VisitorJoinRequest): void {
    if (member.gone) return;
    if (member.backlog) {
      member.backlog.push(request);
      return;
    }
    member.endpoint.send({ type: 'status', request });
    if (isFinal(request.status)) endMember(member, { type: 'bye', reason: 'closed' }, LOBBY_CLOSE.closed);
  }

  /** One call per company: the requests whose visitor has a socket open here (and answered). */
  private async reportVisitorsSeen(): Promise<void> {
    await Promise.all(
      [...this.companies.values()].map(async (lobby) => {
        const ids = [...lobby.visitors].filter(([, sockets]) => [...sockets].some((member) => !member.backlog)).map(([id]) => id);
        if (ids.length === 0) return;
        try {
          await this.options.access.markVisitorsSeen(lobby.companyId, ids);
        } catch (error) {
          this.options.log.warn({ err: error, companyId: lobby.companyId }, 'lobby visitors could not be marked seen');
        }
      }),
    );
  }
}
