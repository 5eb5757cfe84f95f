import { randomUUID } from 'node:crypto';
import type { PublicCompany } from '@incontra/contracts/api/company';
import {
  BOOKING_CONFIRMATION_MINUTES,
  BOOKING_DEFAULTS,
  bookingRules,
  RESERVATION_STATUS,
  type ConfirmReservationBody,
  type CreatedReservation,
  type PendingReservation,
  type CustomerReservation,
  type ReservationBody,
  type SlotsQuery,
  type StoreSlots,
} from '@incontra/contracts/api/reservations';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import type { CompanyCache } from '../cache/company-cache';
import { DEFAULT_BOOKING_BREAKER, type BookingBreakerConfig } from '../config/flood-defaults';
import { recordActivity } from '../activity/activity-log';
import { newToken, sameToken, tokenHash } from '../auth/tokens';
import type { Clock } from '../common/clock';
import type { StaffMember } from '../common/staff-member';
import { Semaphore } from '../common/semaphore';
import type { Database, Tx } from '../db/database';
import type { PendingBooking } from '../db/schema';
import { isExclusionViolation } from '../errors/database-errors';
import { HttpError } from '../http/http-error';
import { enqueueMail } from '../mail/after-commit';
import type { Mailer } from '../mail/mailer';
import { normalizeAnyPhoneNumber } from '../sms/phone-number';
import { smsCountriesOf } from '../sms/sms-destinations';
import { tellAgendaAfterCommit, type AgendaNotifier } from './agenda';
import { Availability } from './availability';
import { appointmentCalendar, appointmentWhen } from './booking-mail';
import * as breaker from './breaker';
import { breakerTrippedMail, confirmationPath, confirmationRequestMail } from './confirmation-mail';
import { customerAccess, requireByToken, type Access } from './customer-access';
import { customerEmailKey } from './customer-email';
import { idempotencyKeyHash, replay, tokenFromKey } from './idempotency';
import { remindersHandledAt } from './reminders';
import * as repository from './repository';
import { appointmentFacts, bookingRequestOf, customerView, requestHashOf } from './views';
import { activitySummary, cancelBooked, enqueueAppointmentMails, PlaceTaken, PLACE_CONSTRAINT, SlotTakenError, type WriteDeps } from './writes';

const E = IT_BOOKING.errors;
/**
 * Booking writes one process runs at once (of the pool's 10 connections): contenders for one
 * start wait on each other's rows in the database, so a burst of them would otherwise fill the
 * pool and make every other call of the API wait for a connection.
 */
const BOOKING_WRITES_AT_ONCE = 4;
const notFound = () => new HttpError(404, E.reservationNotFound);

export interface BookingRequest {
  company: PublicCompany;
  body: Omit<ReservationBody, 'privacyConsent'>;
  idempotencyKey: string | null;
  /** Staff booking for a customer (by phone, say): no consent given here, no per-address limit, logged. */
  actor?: StaffMember;
  /** The origin of the company's host the call came by: where the e-mails' links lead. */
  origin: string;
  /** The customer confirming, from the e-mailed link, a booking made while the breaker was on. */
  confirmation?: { id: string; token: string };
}

/** The customer's booking made, or waiting for their e-mail confirmation (the store's breaker is on). */
export type BookingAnswer = { kind: 'created'; created: CreatedReservation } | { kind: 'pending'; pending: PendingReservation };

/** Inside a write: the confirmation link was used already (by a first click). */
class AlreadyConfirmed extends Error {
  constructor(readonly reservationId: string) {
    super('booking confirmation already used');
  }
}

export type { AgendaNotifier } from './agenda';
export type { Access } from './customer-access';
export { SlotTakenError } from './writes';

/**
 * Booking: the free times of a store's topic, the customer's reservation with its manage token,
 * and what that token allows (view, move, cancel). The database holds capacity (see
 * schema/booking.ts); the rules of time (opening, notice, horizon, cut-off) are checked here in
 * the same transaction that writes.
 */
export class BookingService {
  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly cache: CompanyCache,
    private readonly agenda: AgendaNotifier = { changed: () => undefined },
    private readonly breakerConfig: BookingBreakerConfig = DEFAULT_BOOKING_BREAKER,
  ) {
    this.availability = new Availability(db, clock, cache);
  }

  private readonly availability: Availability;

  /** Booking writes (book, move, cancel) in flight at once in this process; the rest queue in memory. */
  private readonly writes = new Semaphore(BOOKING_WRITES_AT_ONCE);

  /** GET /api/config/store/{id}/slots: per day of the company's zone, the free starts. */
  slots(company: PublicCompany, storeId: string, query: SlotsQuery): Promise<StoreSlots> {
    return this.availability.slots(company, storeId, query);
  }

  /**
   * POST /api/reservations: the reservation and its manage token (201), or, while the store's
   * breaker is on, a booking waiting for the customer's e-mail confirmation (202: nothing held).
   */
  async book({ company, body, idempotencyKey, origin, actor, confirmation }: BookingRequest): Promise<BookingAnswer> {
    const phone = normalizeAnyPhoneNumber(body.phone, smsCountriesOf(company.settings)[0] ?? 'IT');
    if (!phone) throw new HttpError(400, IT_BOOKING.validation.phone, 'phone');
    const email = body.email.toLowerCase();
    const emailKey = customerEmailKey(email);
    const startsAt = new Date(body.startsAt);
    const keyHash = idempotencyKey === null ? null : idempotencyKeyHash(idempotencyKey);
    const request = bookingRequestOf(body, email, phone, startsAt);
    const requestHash = requestHashOf(request);

    const replay = keyHash ? await this.replay(company, keyHash, requestHash, idempotencyKey!) : null;
    if (replay) return { kind: 'created', created: replay };

    const rules = bookingRules(company.settings);
    const now = this.clock();
    const schedules = await this.availability.schedulesOf(company, body.store, body.topic, body.room ?? null);
    // The id is chosen here, so that the manage token (derived from it with a key) goes in with the row.
    const id = randomUUID();
    // A retried submit, or a second click on the confirmation link, is answered the same token.
    const tokenKey = confirmation?.token ?? idempotencyKey;
    const token = tokenKey === null ? newToken() : tokenFromKey(tokenKey, id);
    let result: { kind: 'created'; view: CustomerReservation } | { kind: 'pending'; pending: PendingReservation };
    try {
      result = await this.writes.run(() =>
        this.db.withTenant(company.id, async (tx) => {
          this.changedAfterCommit(tx, company.id, body.store);
          if (confirmation) await this.useConfirmation(tx, company.id, confirmation.id, now);
          if (!actor) {
            // Upcoming appointments and bookings waiting for confirmation, per customer (the address's key).
            await repository.lockCustomerEmail(tx, company.id, emailKey);
            const held =
              (await repository.countUpcomingForEmail(tx, company.id, emailKey, now)) +
              (await breaker.countOpenConfirmations(tx, company.id, emailKey, now, confirmation?.id));
            if (held >= BOOKING_DEFAULTS.activePerEmailMax) throw new HttpError(429, E.tooManyForEmail, 'email');
          }
          // Customer bookings of a store decide one after the other on its breaker's row, before any place.
          const breakerRow = actor ? null : await breaker.lockBreaker(tx, company.id, body.store, now);
          const slot = await this.availability.freeSlotAt(tx, company, schedules, startsAt, rules);
          if (!slot) throw new PlaceTaken();
          if (breakerRow && !confirmation && breaker.breakerOn(breakerRow, now)) {
            return this.awaitConfirmation(tx, company, request, emailKey, origin, now);
          }

          const base = {
            id,
            companyId: company.id,
            storeId: body.store,
            topicId: body.topic,
            status: RESERVATION_STATUS.booked,
            customerName: `${body.firstName} ${body.lastName}`,
            customerFirstName: body.firstName,
            customerLastName: body.lastName,
            customerEmail: email,
            customerEmailKey: emailKey,
            customerPhone: phone,
            notes: body.notes ? body.notes : null,
            consentAt: actor ? null : now,
            createdBy: actor?.id ?? null,
            idempotencyKeyHash: keyHash,
            requestHash,
            manageTokenHash: tokenHash(token),
            linkOrigin: origin,
            ...remindersHandledAt(startsAt, now),
          };
          const taken = await this.availability.takeFirstPlace(schedules, slot.roomIds, startsAt, (place) =>
            repository.insertAtPlace(tx, { ...base, ...place }),
          );
          if (!taken) throw new PlaceTaken();
          const row = (await repository.findReservation(tx, company.id, id))!;
          if (actor)
            await recordActivity(tx, company.id, actor, {
              action: 'create',
              entityType: 'reservation',
              entityId: id,
              summary: activitySummary('created', row),
            });
          await enqueueAppointmentMails(tx, this.writeDeps, company.id, row, {
            customer: 'confirmed',
            staff: 'new',
            manageToken: token,
            sentBy: actor ?? null,
          });
          if (confirmation) await breaker.markConfirmed(tx, company.id, confirmation.id, id, now);
          if (breakerRow && (await breaker.countCustomerBooking(tx, breakerRow, now, this.breakerConfig))) {
            for (const to of await repository.storeStaffEmails(tx, company.id, body.store)) {
              await enqueueMail(tx, this.mailer, company.id, breakerTrippedMail(to, row.storeName, this.breakerConfig));
            }
          }
          return { kind: 'created' as const, view: customerView(row, rules.cancelCutoffMinutes) };
        }),
      );
    } catch (caught) {
      let error = caught;
      if (error instanceof AlreadyConfirmed)
        return {
          kind: 'created',
          created: { reservation: await this.view(company, error.reservationId), manageToken: tokenFromKey(tokenKey!, error.reservationId) },
        };
      // The transaction is over (nothing written) before the other times are looked for, so that
      // a loser does not keep the next contenders waiting on its place. A refusal by the
      // constraint itself (a writer not yet committed when checked) means the same.
      if (error instanceof PlaceTaken || isExclusionViolation(error, PLACE_CONSTRAINT)) {
        error = new SlotTakenError(await this.db.withTenant(company.id, (tx) => this.availability.alternatives(tx, company, schedules, startsAt, rules)));
      }
      // A retry that raced its first attempt (same key, sent again before the first answered).
      if (keyHash && error instanceof SlotTakenError) {
        const raced = await this.replay(company, keyHash, requestHash, idempotencyKey!);
        if (raced) return { kind: 'created', created: raced };
      }
      throw error;
    }
    return result.kind === 'pending' ? result : { kind: 'created', created: { reservation: result.view, manageToken: token } };
  }

  /**
   * POST /api/reservations/confirm: the booking a customer asked for while the breaker was on,
   * now made (the same rules; the time may have been taken meanwhile: 409 with others). A second
   * click answers the same reservation and manage token. Unknown or wrong token 404, expired 409.
   */
  async confirm(company: PublicCompany, body: ConfirmReservationBody): Promise<CreatedReservation> {
    const pending = await this.db.withTenant(company.id, (tx) => breaker.findConfirmation(tx, company.id, body.confirmation));
    if (!pending || !sameToken(pending.tokenHash, tokenHash(body.token))) throw new HttpError(404, E.confirmationNotFound);
    if (pending.reservationId)
      return { reservation: await this.view(company, pending.reservationId), manageToken: tokenFromKey(body.token, pending.reservationId) };
    if (pending.expiresAt.getTime() <= this.clock().getTime()) throw new HttpError(409, E.confirmationExpired);
    const { request } = pending;
    const answer = await this.book({
      company,
      body: { ...request, room: request.room ?? undefined, notes: request.notes ?? undefined },
      idempotencyKey: null,
      origin: pending.linkOrigin ?? '',
      confirmation: { id: pending.id, token: body.token },
    });
    if (answer.kind !== 'created') throw new Error('a confirmed booking cannot wait for confirmation');
    return answer.created;
  }

  /** Inside the confirming write: the link's row held; a first click that already booked wins. */
  private async useConfirmation(tx: Tx, companyId: string, id: string, now: Date): Promise<void> {
    const row = await breaker.lockConfirmation(tx, companyId, id);
    if (!row) throw new HttpError(404, E.confirmationNotFound);
    if (row.reservationId) throw new AlreadyConfirmed(row.reservationId);
    if (row.expiresAt.getTime() <= now.getTime()) throw new HttpError(409, E.confirmationExpired);
  }

  /** The breaker is on: the booking waits for the customer to open the link e-mailed to them; nothing is held. */
  private async awaitConfirmation(tx: Tx, company: PublicCompany, request: PendingBooking, emailKey: string, origin: string, now: Date) {
    const token = newToken();
    const expiresAt = new Date(now.getTime() + BOOKING_CONFIRMATION_MINUTES * 60_000);
    const id = await breaker.insertConfirmation(tx, {
      companyId: company.id,
      storeId: request.store,
      request,
      emailKey,
      tokenHash: tokenHash(token),
      linkOrigin: origin,
      expiresAt,
    });
    const when = appointmentWhen(new Date(request.startsAt), company.timeZone);
    const mail = confirmationRequestMail(
      { name: request.firstName, email: request.email },
      company.name,
      when,
      BOOKING_CONFIRMATION_MINUTES,
      `${origin}${confirmationPath(id, token)}`,
    );
    await enqueueMail(tx, this.mailer, company.id, mail);
    return { kind: 'pending' as const, pending: { confirmationRequired: true as const, email: request.email, expiresAt: expiresAt.toISOString() } };
  }

  /** GET /api/reservations/{id} with the manage token. */
  async viewWithToken(company: PublicCompany, id: string, token: string | null): Promise<CustomerReservation> {
    const row = await this.db.withTenant(company.id, (tx) => requireByToken(tx, company.id, id, token));
    return customerView(row, bookingRules(company.settings).cancelCutoffMinutes);
  }

  /** GET /api/reservations/{id}/calendar.ics with the manage token: the appointment as a calendar file. */
  async calendarWithToken(company: PublicCompany, id: string, token: string | null): Promise<string> {
    const row = await this.db.withTenant(company.id, (tx) => requireByToken(tx, company.id, id, token));
    return appointmentCalendar(appointmentFacts(row), row.status === RESERVATION_STATUS.cancelled ? 'cancelled' : 'download', this.mailer.sender, this.clock());
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
    return customerAccess(company, token, this.clock);
  }

  /** Cancels a booked reservation: its place is freed, and those who hear of it are told (cancelBooked). */
  async cancel(company: PublicCompany, id: string, access: Access): Promise<repository.ReservationRow> {
    return this.writes.run(() =>
      this.db.withTenant(company.id, async (tx) => {
        const row = await access.require(tx, id, true);
        if (row.status !== RESERVATION_STATUS.booked) throw new HttpError(409, E.notBooked);
        access.checkChange(row);
        this.availability.changedAfterCommit(tx, company.id);
        return cancelBooked(tx, this.writeDeps, company.id, row, { by: access.by, actor: access.actor });
      }),
    );
  }

  /**
   * Moves a booked reservation to another free start of the same topic, in one transaction. The
   * old place is given up only by the update that takes the new one; when the new one is taken
   * meanwhile, nothing changes (409 with other times).
   */
  async move(company: PublicCompany, id: string, to: string, access: Access): Promise<repository.ReservationRow> {
    const rules = bookingRules(company.settings);
    const startsAt = new Date(to);
    // Its store and topic, read first: the schedules come from the cache, outside the write.
    const before = await this.db.withTenant(company.id, (tx) => access.require(tx, id, false));
    if (!before.topicId) throw new HttpError(409, E.topicNotFound, 'startsAt');
    const schedules = await this.availability.schedulesOf(company, before.storeId, before.topicId, null);
    const write = this.writes.run(() =>
      this.db.withTenant(company.id, async (tx) => {
        const row = await access.require(tx, id, true);
        if (row.status !== RESERVATION_STATUS.booked) throw new HttpError(409, E.notBooked);
        access.checkChange(row);
        if (row.startsAt.getTime() === startsAt.getTime()) throw new HttpError(409, E.sameStart, 'startsAt');
        this.changedAfterCommit(tx, company.id, row.storeId);
        const slot = await this.availability.freeSlotAt(tx, company, schedules, startsAt, rules, id);
        if (!slot) throw new PlaceTaken();
        // Its own room first, when it has a place then: the customer moved the time, not the room.
        const roomIds = [...slot.roomIds].sort((a, b) => Number(b === row.roomId) - Number(a === row.roomId));
        const reminders = remindersHandledAt(startsAt, this.clock());
        const moved = await this.availability.takeFirstPlace(schedules, roomIds, startsAt, (place) =>
          repository.moveToPlace(tx, company.id, id, { ...place, ...reminders }),
        );
        if (!moved) throw new PlaceTaken();
        const after = (await repository.findReservation(tx, company.id, id))!;
        if (access.actor)
          await recordActivity(tx, company.id, access.actor, {
            action: 'update',
            entityType: 'reservation',
            entityId: id,
            summary: activitySummary('moved', after),
          });
        await enqueueAppointmentMails(tx, this.writeDeps, company.id, after, {
          customer: 'moved',
          staff: 'moved',
          manageToken: access.manageToken,
          sentBy: access.actor,
        });
        return after;
      }),
    );
    // Not free, or taken by a mover that had not committed when this update checked (the
    // constraint refused it): the transaction is gone, the old place kept; then the other times.
    return write.catch(async (error: unknown) => {
      if (!(error instanceof PlaceTaken) && !isExclusionViolation(error, PLACE_CONSTRAINT)) throw error;
      throw new SlotTakenError(await this.db.withTenant(company.id, (tx) => this.availability.alternatives(tx, company, schedules, startsAt, rules, id)));
    });
  }

  private async view(company: PublicCompany, id: string): Promise<CustomerReservation> {
    const row = await this.db.withTenant(company.id, (tx) => repository.findReservation(tx, company.id, id));
    if (!row) throw notFound();
    return customerView(row, bookingRules(company.settings).cancelCutoffMinutes);
  }

  /** An earlier submit with the same Idempotency-Key, answered again (idempotency.ts). */
  private replay(company: PublicCompany, keyHash: string, requestHash: string, key: string): Promise<CreatedReservation | null> {
    return replay(this.db, (of, id) => this.view(of, id), company, keyHash, requestHash, key);
  }

  /** What this service's writes need to tell of them. */
  private get writeDeps(): WriteDeps {
    return { mailer: this.mailer, clock: this.clock, agenda: this.agenda };
  }

  /**
   * Once the booking write of `tx` has committed: the availability kept before it is not used
   * again, and the store's agendas open anywhere are told (its e-mails register their own delivery).
   */
  private changedAfterCommit(tx: Tx, companyId: string, storeId: string): void {
    this.availability.changedAfterCommit(tx, companyId);
    tellAgendaAfterCommit(tx, this.agenda, companyId, storeId);
  }
}
