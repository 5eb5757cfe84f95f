import type { PublicCompany } from '@incontra/contracts/api/company';
import {
  bookingRules,
  RESERVATION_STATUS,
  type ConfirmReservationBody,
  type CreatedReservation,
  type CustomerReservation,
  type ReservationPaymentState,
  type SlotsQuery,
  type StoreSlots,
} from '@incontra/contracts/api/reservations';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import type { CompanyCache } from '../cache/company-cache';
import { DEFAULT_BOOKING_BREAKER, type BookingBreakerConfig } from '../config/flood-defaults';
import { sameToken, tokenHash } from '../auth/tokens';
import type { Clock } from '../common/clock';
import { Semaphore } from '../common/semaphore';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { CustomerPaymentGateway } from '../payments/customer-payments';
import { HttpError } from '../http/http-error';
import type { Mailer } from '../mail/mailer';
import type { AgendaNotifier } from './agenda';
import { Availability } from './availability';
import { appointmentCalendar } from './booking-mail';
import * as breaker from './breaker';
import { customerAccess, requireByToken, type Access } from './customer-access';
import { tokenFromKey } from './idempotency';
import * as payments from './payments';
import * as repository from './repository';
import { appointmentFacts, bodyOfRequest, customerView } from './views';
import * as writes from './writes';
import { BOOKING_WRITES_AT_ONCE, view, type BookingAnswer, type BookingDeps, type BookingRequest } from './writes';

const E = IT_BOOKING.errors;

export type { AgendaNotifier } from './agenda';
export type { Access } from './customer-access';
export type { BookingAnswer, BookingRequest } from './writes';
export { SlotTakenError } from './writes';

export interface BookingServiceOptions {
  db: Database;
  /** The customers' payment port (priced topics). */
  payments: CustomerPaymentGateway;
  log: Pick<FastifyBaseLogger, 'warn'>;
  mailer: Mailer;
  clock: Clock;
  /** The company's cached reads (the rooms' schedules). */
  cache: CompanyCache;
  /** Told of every change of a store's reservations; nobody by default. */
  agenda?: AgendaNotifier;
  breakerConfig?: BookingBreakerConfig;
}

/**
 * Booking, the facade the routes and the other domains call: the free times of a store's topic
 * (availability.ts), the customer's reservation with its manage token and what that token allows
 * (customer-access.ts: view, move, cancel), the writes themselves (writes.ts), the replay of a
 * retried submit (idempotency.ts) and every projection of a reservation (views.ts). The database
 * holds capacity (see schema/booking.ts); the rules of time (opening, notice, horizon, cut-off)
 * are checked in the same transaction that writes.
 */
export class BookingService {
  private readonly deps: BookingDeps;

  constructor({
    db,
    mailer,
    clock,
    cache,
    payments,
    log,
    agenda = { changed: () => undefined },
    breakerConfig = DEFAULT_BOOKING_BREAKER,
  }: BookingServiceOptions) {
    this.deps = {
      db,
      payments,
      log,
      mailer,
      clock,
      agenda,
      breakerConfig,
      availability: new Availability(db, clock, cache),
      // Booking writes (book, move, cancel) in flight at once in this process; the rest queue in memory.
      writes: new Semaphore(BOOKING_WRITES_AT_ONCE),
    };
  }

  /** GET /api/config/store/{id}/slots: per day of the company's zone, the free starts. */
  slots(company: PublicCompany, storeId: string, query: SlotsQuery): Promise<StoreSlots> {
    return this.deps.availability.slots(company, storeId, query);
  }

  /**
   * POST /api/reservations: the reservation and its manage token (201), or, while the store's
   * breaker is on, a booking waiting for the customer's e-mail confirmation (202: nothing held).
   */
  async book(request: BookingRequest): Promise<BookingAnswer> {
    const answer = await writes.book(this.deps, request);
    return answer.kind === 'created' ? { kind: 'created', created: await this.withCheckout(request.company, answer.created) } : answer;
  }

  /** A priced topic's place, held: the card form's data added (a retry of the same booking: the same payment). */
  private async withCheckout(company: PublicCompany, created: CreatedReservation): Promise<CreatedReservation> {
    if (created.reservation.status !== RESERVATION_STATUS.held) return created;
    const { id } = created.reservation;
    const row = await this.deps.db.withTenant(company.id, (tx) => repository.findReservation(tx, company.id, id));
    if (!row) throw new HttpError(404, E.reservationNotFound);
    return { ...created, checkout: await payments.checkoutOf(this.deps, company.id, row) };
  }

  /**
   * POST /api/reservations/confirm: the booking a customer asked for while the breaker was on,
   * now made (the same rules; the time may have been taken meanwhile: 409 with others). A second
   * click answers the same reservation and manage token. Unknown or wrong token 404, expired 409.
   */
  async confirm(company: PublicCompany, body: ConfirmReservationBody): Promise<CreatedReservation> {
    const pending = await this.deps.db.withTenant(company.id, (tx) => breaker.findConfirmation(tx, company.id, body.confirmation));
    if (!pending || !sameToken(pending.tokenHash, tokenHash(body.token))) throw new HttpError(404, E.confirmationNotFound);
    if (pending.reservationId) {
      const reservation = await view(this.deps, company, pending.reservationId);
      return this.withCheckout(company, { reservation, manageToken: tokenFromKey(body.token, pending.reservationId), checkout: null });
    }
    if (pending.expiresAt.getTime() <= this.deps.clock().getTime()) throw new HttpError(409, E.confirmationExpired);
    const { request } = pending;
    const answer = await this.book({
      company,
      body: bodyOfRequest(request),
      idempotencyKey: null,
      origin: pending.linkOrigin ?? '',
      confirmation: { id: pending.id, token: body.token },
    });
    if (answer.kind !== 'created') throw new Error('a confirmed booking cannot wait for confirmation');
    return answer.created;
  }

  /** GET /api/reservations/{id} with the manage token. */
  async viewWithToken(company: PublicCompany, id: string, token: string | null): Promise<CustomerReservation> {
    const row = await this.deps.db.withTenant(company.id, (tx) => requireByToken(tx, company.id, id, token));
    return customerView(row, bookingRules(company.settings).cancelCutoffMinutes);
  }

  /** GET /api/reservations/{id}/calendar.ics with the manage token: the appointment as a calendar file. */
  async calendarWithToken(company: PublicCompany, id: string, token: string | null): Promise<string> {
    const row = await this.deps.db.withTenant(company.id, (tx) => requireByToken(tx, company.id, id, token));
    return appointmentCalendar(
      appointmentFacts(row),
      row.status === RESERVATION_STATUS.cancelled ? 'cancelled' : 'download',
      this.deps.mailer.sender,
      this.deps.clock(),
    );
  }

  /**
   * GET /api/reservations/{id}/payment with the manage token: the payment read again from the
   * provider and applied (settle: paid → booked with its e-mails, once), then the reservation and,
   * while it is still held, the card form's data. A GET that may change state: it only brings the
   * reservation to what the provider says (the same result however often it is called), and its
   * manage token travels in a header no other site's page can send.
   */
  async paymentWithToken(company: PublicCompany, id: string, token: string | null): Promise<ReservationPaymentState> {
    await this.deps.db.withTenant(company.id, (tx) => requireByToken(tx, company.id, id, token));
    await payments.settle(this.deps, company.id, id);
    const row = await this.deps.db.withTenant(company.id, (tx) => requireByToken(tx, company.id, id, token));
    const checkout = row.status === RESERVATION_STATUS.held ? await payments.checkoutOf(this.deps, company.id, row) : null;
    return { reservation: customerView(row, bookingRules(company.settings).cancelCutoffMinutes), checkout };
  }

  /** The payment port's event of an appointment's payment: what the provider says now is applied (settle). */
  settlePayment(companyId: string, reservationId: string): Promise<void> {
    return payments.settle(this.deps, companyId, reservationId);
  }

  /** The hold sweep's run (payments.ts sweepPaidAppointments). */
  sweepPaidAppointments(): Promise<number> {
    return payments.sweepPaidAppointments(this.deps);
  }

  /** Staff refund a paid reservation in full, the appointment kept (409 when there is nothing to refund). */
  refund(companyId: string, id: string, access: Access): Promise<repository.ReservationRow> {
    return payments.refundReservation(this.deps, companyId, id, access);
  }

  /** POST /api/reservations/{id}/cancel with the manage token, until the cut-off. */
  cancelWithToken(company: PublicCompany, id: string, token: string | null): Promise<CustomerReservation> {
    return this.cancel(company, id, this.customerAccess(company, token)).then((row) => customerView(row, bookingRules(company.settings).cancelCutoffMinutes));
  }

  /** POST /api/reservations/{id}/move with the manage token, until the cut-off. */
  moveWithToken(company: PublicCompany, id: string, token: string | null, to: string): Promise<CustomerReservation> {
    return this.move(company, id, to, this.customerAccess(company, token)).then((row) => customerView(row, bookingRules(company.settings).cancelCutoffMinutes));
  }

  /** The customer's access: the manage token, and changes until the cut-off. */
  customerAccess(company: PublicCompany, token: string | null): Access {
    return customerAccess(company, token, this.deps.clock);
  }

  /** Cancels a booked reservation: its place is freed, and those who hear of it are told (cancelBooked). */
  async cancel(company: PublicCompany, id: string, access: Access): Promise<repository.ReservationRow> {
    const cancelled = await writes.cancel(this.deps, company, id, access);
    // A paid appointment cancelled: refunded in full now (or by the sweep, should the provider fail).
    if (cancelled.paymentStatus !== 'refund_due') return cancelled;
    return (await payments.refundNow(this.deps, company.id, id)) ?? cancelled;
  }

  /** Moves a booked reservation to another free start of the same topic (409 with other times when it is taken). */
  move(company: PublicCompany, id: string, to: string, access: Access): Promise<repository.ReservationRow> {
    return writes.move(this.deps, company, id, to, access);
  }
}
