import type { FastifyBaseLogger } from 'fastify';
import type { PublicCompany } from '@incontra/contracts/api/company';
import {
  isFinal,
  sourcesOf,
  type ApprovedJoinRequest,
  type CreateInvitationBody,
  type Invitation,
  type InvitationJoinRequestBody,
  type LiveQueue,
  type ReservationJoinRequestBody,
  type SendJoinRequestBody,
  type SendVerificationCodeBody,
  type SentJoinRequest,
  type StaffJoinRequest,
  type StaffMessageBody,
  type VerificationCodeSent,
  type VerifyCodeBody,
  type VisitorJoinRequest,
} from '@incontra/contracts/api/join-requests';
import { roleOfIdentity } from '@incontra/contracts/api/video-room';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import type { Clock } from '../common/clock';
import type { LobbyConfig } from '../config/config';
import type { Database } from '../db/database';
import { HttpError } from '../http/http-error';
import type { PhoneVerification } from '../sms/phone-verification-port';
import type { GuestAdmission, GuestTicket } from '../video-room/guest-admission';
import type { StaffContext } from '../auth/authenticate';
import { LobbyAnnouncer } from './announcer';
import * as create from './create-request';
import type { LobbyDeps } from './deps';
import type { GuestSeats } from './guest-seats';
import type { LobbyAccess, LobbyNotifier } from './lobby-ports';
import { moveRequest } from './moves';
import * as repository from './repository';
import type { JoinRequestRow } from './repository';
import { SeatlessGuests } from './seatless-guests';
import * as staffCalls from './staff-calls';
import { markReservationJoined } from './reservations';
import { sweepAll } from './sweeper';
import { sendCode, verifyCode, type VisitorCall } from './verification-calls';
import { isRequestId, requireVisitorRow, visitorRow } from './visitor-access';
import { visitorView } from './views';

export interface JoinRequestServiceOptions {
  db: Database;
  clock: Clock;
  lobby: LobbyConfig;
  notifier: LobbyNotifier;
  verification: PhoneVerification;
  log: FastifyBaseLogger;
  /** Whether guests in the call still hold their seats; without it only `guestGone` ends a call. */
  guestSeats?: GuestSeats;
}

const notApproved = () => new HttpError(409, IT_LOBBY.errors.notApproved);
const requestClosed = () => new HttpError(409, IT_LOBBY.errors.requestClosed);

/**
 * The join requests: a visitor asks (live, invited or booked), proves its phone when required,
 * waits, and staff answer; the approved guest enters the room. Every change is a compare-and-set
 * on the request's status (contracts: JOIN_REQUEST_TRANSITIONS) announced after its commit.
 */
export class JoinRequestService implements LobbyAccess, GuestAdmission {
  private readonly deps: LobbyDeps;
  private readonly seatless: SeatlessGuests | undefined;

  constructor(private readonly options: JoinRequestServiceOptions) {
    const announcer = new LobbyAnnouncer(options);
    this.deps = { db: options.db, clock: options.clock, lobby: options.lobby, announcer };
    this.seatless = options.guestSeats && new SeatlessGuests({ seats: options.guestSeats });
  }

  // Visitors.

  sendLive(company: PublicCompany, storeId: string, body: SendJoinRequestBody): Promise<SentJoinRequest> {
    return create.sendLive(this.deps, company, storeId, body);
  }

  sendInvited(companyId: string, body: InvitationJoinRequestBody): Promise<SentJoinRequest> {
    return create.sendInvited(this.deps, companyId, body);
  }

  sendForReservation(companyId: string, reservationId: string, body: ReservationJoinRequestBody): Promise<SentJoinRequest> {
    return create.sendForReservation(this.deps, companyId, reservationId, body);
  }

  /** The status fallback of a visitor without a socket (and proof that its page is still open). */
  status(companyId: string, call: VisitorCall): Promise<VisitorJoinRequest> {
    return this.options.db.withTenant(companyId, async (tx) => visitorView(await requireVisitorRow(tx, companyId, call.id, call.token, this.options.clock())));
  }

  /** Withdraws the request; one already over (or in the call) is answered as it is: pagehide may repeat it. */
  cancel(companyId: string, call: VisitorCall): Promise<VisitorJoinRequest> {
    const now = this.options.clock();
    return this.deps.announcer.run(companyId, async (tx, changed) => {
      const row = await requireVisitorRow(tx, companyId, call.id, call.token, now);
      if (!sourcesOf('cancelled').includes(row.status)) return visitorView(row);
      const moved = await moveRequest(tx, companyId, { id: call.id, to: 'cancelled', now });
      if (!moved.ok) return visitorView(moved.current ?? row);
      changed(moved.row);
      return visitorView(moved.row);
    });
  }

  sendVerificationCode(company: PublicCompany, call: VisitorCall & { ip: string }, body: SendVerificationCodeBody): Promise<VerificationCodeSent> {
    return sendCode(this.deps, this.options.verification, company, call, body);
  }

  verifyVerificationCode(companyId: string, call: VisitorCall, body: VerifyCodeBody): Promise<VisitorJoinRequest> {
    return verifyCode(this.deps, this.options.verification, companyId, call, body);
  }

  // Staff.

  approve(staff: StaffContext, id: string): Promise<ApprovedJoinRequest> {
    return staffCalls.approve(this.deps, staff, id);
  }

  reject(staff: StaffContext, id: string, body: StaffMessageBody): Promise<StaffJoinRequest> {
    return staffCalls.reject(this.deps, staff, id, body);
  }

  busy(staff: StaffContext, id: string, body: StaffMessageBody): Promise<StaffJoinRequest> {
    return staffCalls.busy(this.deps, staff, id, body);
  }

  async liveQueue(staff: StaffContext): Promise<LiveQueue> {
    return { requests: (await this.queueFor(staff.company.id, staff.user.id)).requests };
  }

  createInvitation(staff: StaffContext, body: CreateInvitationBody): Promise<Invitation> {
    return staffCalls.createInvitation(this.deps, staff, body);
  }

  // The lobby socket (LobbyAccess).

  visitorRequest(companyId: string, requestId: string, token: string): Promise<VisitorJoinRequest | null> {
    if (!isRequestId(requestId)) return Promise.resolve(null);
    return this.options.db.withTenant(companyId, async (tx) => {
      const row = await visitorRow(tx, companyId, requestId, token, this.options.clock());
      return row ? visitorView(row) : null;
    });
  }

  async markVisitorsSeen(companyId: string, requestIds: readonly string[]): Promise<void> {
    const ids = requestIds.filter(isRequestId);
    if (ids.length === 0) return;
    await this.options.db.withTenant(companyId, (tx) => repository.markSeen(tx, companyId, ids, this.options.clock()));
  }

  queueFor(companyId: string, userId: string): Promise<{ requests: StaffJoinRequest[]; storeIds: ReadonlySet<string> | null }> {
    return staffCalls.queueFor(this.deps, companyId, userId);
  }

  // The room (GuestAdmission) and its signalling.

  /** Refuses what `admit` would refuse, without changing anything (the room's capacity is checked between). */
  async check(companyId: string, ticket: GuestTicket): Promise<void> {
    await this.options.db.withTenant(companyId, async (tx) =>
      this.admissible(await requireVisitorRow(tx, companyId, ticket.requestId, ticket.token, this.options.clock()), ticket),
    );
  }

  /** approved → joined (or joined → joined after a reload), recording the guest's new identity. */
  admit(companyId: string, ticket: GuestTicket, identity: string): Promise<{ displayName: string }> {
    const now = this.options.clock();
    return this.deps.announcer.run(companyId, async (tx, changed) => {
      this.admissible(await requireVisitorRow(tx, companyId, ticket.requestId, ticket.token, now), ticket);
      const moved = await moveRequest(tx, companyId, { id: ticket.requestId, to: 'joined', changes: { guestIdentity: identity }, now });
      if (!moved.ok) throw moved.current && isFinal(moved.current.status) ? requestClosed() : notApproved();
      if (moved.row.reservationId) await markReservationJoined(tx, companyId, moved.row.reservationId, now);
      changed(moved.row);
      return { displayName: moved.row.name };
    });
  }

  /**
   * The signalling says a member is gone for good (left, lost past its grace, kicked): when it is
   * the guest of a request in the call, joined → ended. Anything else changes nothing.
   */
  async guestGone(companyId: string, identity: string): Promise<void> {
    if (roleOfIdentity(identity) !== 'guest') return;
    const now = this.options.clock();
    await this.deps.announcer.run(companyId, async (tx, changed) => {
      const extra = repository.requestConditions.guestIdentity(identity);
      const ids = await repository.moveRequests(tx, companyId, { from: sourcesOf('ended'), extra }, 'ended', {}, now);
      for (const row of await repository.findRequests(tx, companyId, ids)) changed(row);
    });
  }

  /**
   * Expires and withdraws lapsed requests of every company, and ends calls whose guest holds no
   * seat any more, and sends the verification codes a stopped process left undelivered (the
   * sweeper's timer calls this).
   */
  sweep(): Promise<number> {
    return sweepAll(this.deps, { seatless: this.seatless, verification: this.options.verification });
  }

  /** Only the guest of this room, approved (and still within its window) or already in the call. */
  private admissible(row: JoinRequestRow, ticket: GuestTicket): void {
    if (row.roomId !== ticket.roomId) throw new HttpError(404, IT_LOBBY.errors.requestNotFound);
    if (row.status === 'joined') return;
    if (row.status === 'approved') {
      if (row.expiresAt.getTime() <= this.options.clock().getTime()) throw requestClosed();
      return;
    }
    throw isFinal(row.status) ? requestClosed() : notApproved();
  }
}
