import { LIST_PAGE_SIZE } from '@incontra/contracts/api/list-page';
import {
  RESERVATION_STATUS,
  type StaffReservation,
  type StaffReservationBody,
  type StaffReservationDetail,
  type StaffReservationsPage,
  type StaffReservationsQuery,
  type StaffReservationUpdateBody,
} from '@incontra/contracts/api/reservations';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { recordActivity } from '../activity/activity-log';
import type { StaffContext } from '../auth/authenticate';
import type { Clock } from '../common/clock';
import type { Database, Tx } from '../db/database';
import { HttpError } from '../http/http-error';
import { servesStore } from '../tenancy/store-scope';
import { endOfDate, startOfDate } from '../scheduling/zoned-time';
import * as repository from './repository';
import { tellAgendaAfterCommit } from './agenda';
import type { Access } from './customer-access';
import type { AgendaNotifier, BookingService } from './service';
import { participantView, staffView } from './views';
import { activitySummary, cancelBooked, type WriteDeps } from './writes';

const E = IT_BOOKING.errors;
const notFound = () => new HttpError(404, E.reservationNotFound);

/**
 * The staff's side of booking: the agenda's list, one reservation, booking for a customer,
 * moving, cancelling and saying what happened. Operators see and change only the reservations of
 * the stores they serve; another store's, like another company's, is not found.
 */
export class StaffBookingService {
  private readonly db: Database;
  private readonly booking: BookingService;
  private readonly clock: Clock;
  private readonly agenda: AgendaNotifier;

  constructor({ db, booking, clock, agenda }: { db: Database; booking: BookingService; clock: Clock; agenda: AgendaNotifier }) {
    this.db = db;
    this.booking = booking;
    this.clock = clock;
    this.agenda = agenda;
  }

  async list(staff: StaffContext, query: StaffReservationsQuery): Promise<StaffReservationsPage> {
    const { company } = staff;
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? LIST_PAGE_SIZE;
    const zone = company.timeZone;
    const rows = await this.db.withTenant(company.id, async (tx) =>
      repository.listForStaff(tx, company.id, {
        staffUserId: staff.user.id,
        store: query.store,
        room: query.room,
        topic: query.topic,
        status: query.status,
        from: query.from ? startOfDate(query.from, zone) : undefined,
        to: query.to ? endOfDate(query.to, zone) : undefined,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      }),
    );
    return { items: rows.map(staffView), total: rows[0]?.total ?? 0, page, pageSize };
  }

  /** One reservation with who else is invited to it. */
  async get(staff: StaffContext, id: string): Promise<StaffReservationDetail> {
    const companyId = staff.company.id;
    return this.db.withTenant(companyId, async (tx) => {
      const row = await requireServedReservation(tx, staff, id, false);
      const participants = (await repository.participantsOf(tx, companyId, row.id)).map(participantView);
      return { ...staffView(row), participants };
    });
  }

  /** Read again after booking: what `book` answers is the customer's view of it. */
  async book(staff: StaffContext, body: StaffReservationBody): Promise<StaffReservationDetail> {
    const { company } = staff;
    const served = await this.db.withTenant(company.id, (tx) => servesStore(tx, company.id, staff.user.id, body.store));
    if (!served) throw new HttpError(404, E.storeNotFound, 'store');
    const answer = await this.booking.book({ company, body, idempotencyKey: null, origin: staff.origin, staff });
    // Staff bookings never wait for a customer's confirmation (the breaker is the customers').
    if (answer.kind !== 'created') throw new Error('a staff booking cannot wait for confirmation');
    return this.get(staff, answer.created.reservation.id);
  }

  async cancel(staff: StaffContext, id: string): Promise<StaffReservation> {
    return staffView(await this.booking.cancel(staff.company, id, staffAccess(staff)));
  }

  /** POST /api/bo/reservations/{id}/refund: a paid reservation refunded in full, the appointment kept. */
  async refund(staff: StaffContext, id: string): Promise<StaffReservation> {
    return staffView(await this.booking.refund(staff.company.id, id, staffAccess(staff)));
  }

  async update(staff: StaffContext, id: string, body: StaffReservationUpdateBody): Promise<StaffReservation> {
    const { company } = staff;
    if (body.startsAt !== undefined) return staffView(await this.booking.move(company, id, body.startsAt, staffAccess(staff)));
    const status = body.status!;
    const row = await this.db.withTenant(company.id, async (tx) => {
      const row = await requireServedReservation(tx, staff, id, true);
      if (row.status === RESERVATION_STATUS.cancelled || row.status === RESERVATION_STATUS.held || row.status === RESERVATION_STATUS.expired) {
        throw new HttpError(409, E.statusNotActive, 'status');
      }
      if (this.clock().getTime() < row.startsAt.getTime()) throw new HttpError(409, E.statusBeforeStart, 'status');
      await repository.setOutcome(tx, company.id, id, status);
      await recordActivity(tx, company.id, staff.user, { action: 'update', entityType: 'reservation', entityId: id, summary: activitySummary(status, row) });
      tellAgendaAfterCommit(tx, this.agenda, company.id, row.storeId);
      return { ...row, status };
    });
    return staffView(row);
  }
}

/** The staff member's access: the reservations of the stores they serve, changed at any time before they start (the customer's cut-off is not theirs). */
function staffAccess(staff: StaffContext): Access {
  return {
    staff,
    manageToken: null,
    require: (tx, id, lock) => requireServedReservation(tx, staff, id, lock),
    checkChange: () => undefined,
  };
}

/** The reservation, when it is of a store the staff member serves (404 otherwise, as another company's); `lock`: held until the transaction ends. */
export async function requireServedReservation(tx: Tx, staff: StaffContext, id: string, lock: boolean): Promise<repository.ReservationRow> {
  const companyId = staff.company.id;
  const row = await repository.findReservation(tx, companyId, id, lock);
  if (!row || !(await servesStore(tx, companyId, staff.user.id, row.storeId))) throw notFound();
  return row;
}

/**
 * Cancels a booked appointment for staff inside the caller's transaction, as `cancel` does in its
 * own and by the same path (cancelBooked): for a change that must commit together with the
 * cancellations (closing a room's time over them). `note`, when given, is a paragraph the
 * customer's e-mail carries after its opening lines. Its e-mails go and the store's agendas are
 * told once the transaction has committed. Answers the row; null when it is not booked any more.
 */
export async function cancelInTransaction(
  tx: Tx,
  deps: WriteDeps,
  staff: StaffContext,
  id: string,
  note: string | null,
): Promise<repository.ReservationRow | null> {
  const before = await requireServedReservation(tx, staff, id, true);
  if (before.status !== RESERVATION_STATUS.booked) return null;
  return cancelBooked(tx, deps, staff.company.id, before, staff, note);
}
