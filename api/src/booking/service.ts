import { createHmac, randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { idSchema } from '@incontra/contracts/api/common';
import type { PublicCompany } from '@incontra/contracts/api/company';
import { LOBBY_RULES, reservationJoinPath } from '@incontra/contracts/api/join-requests';
import {
  BOOKING_CONFIRMATION_MINUTES,
  BOOKING_DEFAULTS,
  bookingRules,
  type ConfirmReservationBody,
  type CreatedReservation,
  type PendingReservation,
  type CustomerReservation,
  type ReservationBody,
  type ReservationStatus,
  type SlotsQuery,
  type StoreSlots,
} from '@incontra/contracts/api/reservations';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { COMPANY_CACHE_TTL_MS, type CompanyCache } from '../cache/company-cache';
import { DEFAULT_BOOKING_BREAKER, type BookingBreakerConfig } from '../config/flood-defaults';
import { recordActivity } from '../activity/activity-log';
import { newToken, sameToken, tokenHash } from '../auth/tokens';
import type { Clock } from '../common/clock';
import type { StaffMember } from '../common/staff-member';
import { Semaphore } from '../common/semaphore';
import { afterCommit, type Database, type Tx } from '../db/database';
import type { PendingBooking } from '../db/schema';
import { isExclusionViolation } from '../errors/database-errors';
import { HttpError } from '../http/http-error';
import { enqueueMail } from '../mail/after-commit';
import type { Mailer } from '../mail/mailer';
import type { MailMessage } from '../mail/mail-transport';
import { normalizeAnyPhoneNumber } from '../sms/phone-number';
import { smsCountriesOf } from '../sms/sms-destinations';
import { appointmentCalendar, appointmentWhen, customerMail, participantMail, staffMail, type CustomerMailKind, type StaffMailKind } from './booking-mail';
import { tellAgendaAfterCommit, type AgendaNotifier } from './agenda';
import * as breaker from './breaker';
import { breakerTrippedMail, confirmationPath, confirmationRequestMail } from './confirmation-mail';
import { customerEmailKey } from './customer-email';
import { freeSlots, type FreeDay, type RoomSchedule } from './free-slots';
import { remindersHandledAt } from './reminders';
import * as repository from './repository';

const E = IT_BOOKING.errors;
/**
 * Booking writes one process runs at once (of the pool's 10 connections): contenders for one
 * start wait on each other's rows in the database, so a burst of them would otherwise fill the
 * pool and make every other call of the API wait for a connection.
 */
const BOOKING_WRITES_AT_ONCE = 4;
/** How many of the nearest free times a refused start offers instead. */
const ALTERNATIVES = 6;
/** How many days after a refused start's the alternatives may come from. */
const ALTERNATIVE_DAYS = 7;

/** The constraint that holds capacity (drizzle/0008). */
const PLACE_CONSTRAINT = 'reservations_place_exclusion';

const notFound = () => new HttpError(404, E.reservationNotFound);

/** 409 for a start that is not free (any more), with the nearest free times of the same topic. */
export class SlotTakenError extends HttpError {
  constructor(readonly alternatives: { startsAt: string; date: string; time: string }[]) {
    super(409, E.slotUnavailable, 'startsAt');
  }

  override toBody() {
    return { ...super.toBody(), alternatives: this.alternatives };
  }
}

/** Who changes a reservation and what they may (the customer's token, or staff of its store). */
export interface Access {
  by: 'customer' | 'staff';
  /** The staff member, for the activity log; null for the customer. */
  actor: StaffMember | null;
  /** The customer's token, for the manage link of a move's e-mail (staff do not have it). */
  manageToken: string | null;
  /** The reservation, or the refusal (404, 401); `lock`: for a write, held until it ends. */
  require(tx: Tx, id: string, lock: boolean): Promise<repository.ReservationRow>;
  /** Refuses a change this side may no longer make (the customer's cut-off), once the row is known to be booked. */
  checkChange(row: repository.ReservationRow): void;
}

/** Inside a write: the start is not free. Its transaction ends, then the 409 is made. */
class PlaceTaken extends Error {}

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
  ) {}

  /** Per company, how many booking writes this process committed (part of the availability cache's key). */
  private readonly bookingsGeneration = new Map<string, number>();

  /** Booking writes (book, move, cancel) in flight at once in this process; the rest queue in memory. */
  private readonly writes = new Semaphore(BOOKING_WRITES_AT_ONCE);

  /** GET /api/config/store/{id}/slots: per day of the company's zone, the free starts. */
  async slots(company: PublicCompany, storeId: string, query: SlotsQuery): Promise<StoreSlots> {
    if (!idSchema.safeParse(storeId).success) throw new HttpError(404, E.storeNotFound);
    const rules = bookingRules(company.settings);
    this.requireWithinHorizon(company, query, rules);
    const schedules = await this.schedulesOf(company, storeId, query.topic, query.room ?? null);
    // Every visitor of a store asks the same question (the next weeks of a topic): the answer is
    // kept a few seconds, and dropped by this process's next booking write (afterCommit).
    // Another process's booking shows within the cache's bound; the booking itself is the
    // database's to refuse (409 with other times), so a start shown free a moment too long costs
    // the visitor a second choice, never a double booking.
    const generation = this.bookingsGeneration.get(company.id) ?? 0;
    const key = `booking:slots:${generation}:${storeId}:${query.topic}:${query.room ?? ''}:${query.from}:${query.to}`;
    return this.cache.read(company.id, key, async () => {
      const days = await this.db.withTenant(company.id, (tx) => this.freeDays(tx, company, schedules, query.from, query.to, rules));
      return {
        timeZone: company.timeZone,
        days: days.map((day) => ({ date: day.date, slots: day.slots.map(({ startsAt, time, remaining }) => ({ startsAt, time, remaining })) })),
      };
    });
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
    const keyHash = idempotencyKey === null ? null : tokenHash(`incontra-idempotency\n${idempotencyKey}`);
    const requestHash = tokenHash(
      JSON.stringify([body.store, body.topic, body.room ?? null, startsAt.toISOString(), body.firstName, body.lastName, email, phone, body.notes ?? '']),
    );

    const replay = keyHash ? await this.replay(company, keyHash, requestHash, idempotencyKey!) : null;
    if (replay) return { kind: 'created', created: replay };

    const rules = bookingRules(company.settings);
    const now = this.clock();
    const schedules = await this.schedulesOf(company, body.store, body.topic, body.room ?? null);
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
          const slot = await this.freeSlotAt(tx, company, schedules, startsAt, rules);
          if (!slot) throw new PlaceTaken();
          if (breakerRow && !confirmation && breaker.breakerOn(breakerRow, now)) {
            const request = {
              store: body.store,
              topic: body.topic,
              room: body.room ?? null,
              startsAt: startsAt.toISOString(),
              firstName: body.firstName,
              lastName: body.lastName,
              email,
              phone,
              notes: body.notes ? body.notes : null,
            };
            return this.awaitConfirmation(tx, company, request, emailKey, origin, now);
          }

          const base = {
            id,
            companyId: company.id,
            storeId: body.store,
            topicId: body.topic,
            status: 'booked' as const,
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
          const taken = await this.takeFirstPlace(schedules, slot.roomIds, startsAt, (place) => repository.insertAtPlace(tx, { ...base, ...place }));
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
        error = new SlotTakenError(await this.db.withTenant(company.id, (tx) => this.alternatives(tx, company, schedules, startsAt, rules)));
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
    const row = await this.db.withTenant(company.id, (tx) => this.requireByToken(tx, company.id, id, token));
    return customerView(row, bookingRules(company.settings).cancelCutoffMinutes);
  }

  /** GET /api/reservations/{id}/calendar.ics with the manage token: the appointment as a calendar file. */
  async calendarWithToken(company: PublicCompany, id: string, token: string | null): Promise<string> {
    const row = await this.db.withTenant(company.id, (tx) => this.requireByToken(tx, company.id, id, token));
    return appointmentCalendar(repository.appointmentFacts(row), row.status === 'cancelled' ? 'cancelled' : 'download', this.mailer.sender, this.clock());
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
    const rules = bookingRules(company.settings);
    return {
      by: 'customer',
      actor: null,
      manageToken: token,
      require: (tx, id, lock) => this.requireByToken(tx, company.id, id, token, lock),
      checkChange: (row) => {
        if (this.clock().getTime() > row.startsAt.getTime() - rules.cancelCutoffMinutes * 60_000) {
          throw new HttpError(409, E.cutoffPassed(durationText(rules.cancelCutoffMinutes)));
        }
      },
    };
  }

  /** Cancels a booked reservation: its place is freed, and those who hear of it are told (cancelBooked). */
  async cancel(company: PublicCompany, id: string, access: Access): Promise<repository.ReservationRow> {
    return this.writes.run(() =>
      this.db.withTenant(company.id, async (tx) => {
        const row = await access.require(tx, id, true);
        if (row.status !== 'booked') throw new HttpError(409, E.notBooked);
        access.checkChange(row);
        this.bumpGenerationAfterCommit(tx, company.id);
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
    const schedules = await this.schedulesOf(company, before.storeId, before.topicId, null);
    const write = this.writes.run(() =>
      this.db.withTenant(company.id, async (tx) => {
        const row = await access.require(tx, id, true);
        if (row.status !== 'booked') throw new HttpError(409, E.notBooked);
        access.checkChange(row);
        if (row.startsAt.getTime() === startsAt.getTime()) throw new HttpError(409, E.sameStart, 'startsAt');
        this.changedAfterCommit(tx, company.id, row.storeId);
        const slot = await this.freeSlotAt(tx, company, schedules, startsAt, rules, id);
        if (!slot) throw new PlaceTaken();
        // Its own room first, when it has a place then: the customer moved the time, not the room.
        const roomIds = [...slot.roomIds].sort((a, b) => Number(b === row.roomId) - Number(a === row.roomId));
        const reminders = remindersHandledAt(startsAt, this.clock());
        const moved = await this.takeFirstPlace(schedules, roomIds, startsAt, (place) =>
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
      throw new SlotTakenError(await this.db.withTenant(company.id, (tx) => this.alternatives(tx, company, schedules, startsAt, rules, id)));
    });
  }

  private async view(company: PublicCompany, id: string): Promise<CustomerReservation> {
    const row = await this.db.withTenant(company.id, (tx) => repository.findReservation(tx, company.id, id));
    if (!row) throw notFound();
    return customerView(row, bookingRules(company.settings).cancelCutoffMinutes);
  }

  private async replay(company: PublicCompany, keyHash: string, requestHash: string, key: string): Promise<CreatedReservation | null> {
    const existing = await this.db.withTenant(company.id, (tx) => repository.findByIdempotencyKey(tx, company.id, keyHash));
    if (!existing) return null;
    if (existing.requestHash !== requestHash) throw new HttpError(422, E.idempotencyMismatch);
    return { reservation: await this.view(company, existing.id), manageToken: tokenFromKey(key, existing.id) };
  }

  private async requireByToken(tx: Tx, companyId: string, id: string, token: string | null, lock = false): Promise<repository.ReservationRow> {
    if (!idSchema.safeParse(id).success) throw notFound();
    if (!token) throw new HttpError(401, E.tokenRequired);
    const row = await repository.findReservation(tx, companyId, id, lock);
    if (!row?.manageTokenHash || !sameToken(row.manageTokenHash, tokenHash(token))) throw notFound();
    return row;
  }

  /**
   * The rooms serving the topic with their openings and exceptions from yesterday on (404 for a
   * topic not of the store, or a room not serving it). Opening data: kept in the company cache,
   * dropped by every management write. Never read inside a write's transaction (it may take a
   * connection of its own).
   */
  private async schedulesOf(company: PublicCompany, storeId: string, topicId: string, roomId: string | null): Promise<RoomSchedule[]> {
    const fromDate = DateTime.fromJSDate(this.clock(), { zone: company.timeZone }).minus({ days: 1 }).toISODate()!;
    const schedules = await this.cache.read(
      company.id,
      `booking:schedules:${storeId}:${topicId}:${fromDate}`,
      () =>
        this.db.withTenant(company.id, async (tx) =>
          (await repository.findTopic(tx, company.id, storeId, topicId)) ? repository.topicSchedules(tx, company.id, storeId, topicId, fromDate) : null,
        ),
      (value) => (value === null ? 0 : COMPANY_CACHE_TTL_MS),
    );
    if (schedules === null) throw new HttpError(404, E.topicNotFound, 'topic');
    if (roomId === null) return schedules;
    const room = schedules.filter((schedule) => schedule.roomId === roomId);
    if (room.length === 0) throw new HttpError(404, E.roomNotFound, 'room');
    return room;
  }

  /**
   * A question about free times asks about today…the last bookable day, a day of slack either
   * side for a visitor's clock near midnight: anything else is a 400 naming the date, before any work.
   */
  private requireWithinHorizon(company: PublicCompany, query: { from: string; to: string }, rules: ReturnType<typeof bookingRules>): void {
    const today = DateTime.fromJSDate(this.clock(), { zone: company.timeZone }).startOf('day');
    const earliest = today.minus({ days: 1 }).toISODate()!;
    const latest = today.plus({ days: rules.horizonDays }).toISODate()!;
    for (const field of ['from', 'to'] as const) {
      if (query[field] < earliest || query[field] > latest) throw new HttpError(400, IT_BOOKING.validation.outsideHorizon(rules.horizonDays), field);
    }
  }

  private async freeDays(
    tx: Tx,
    company: PublicCompany,
    schedules: RoomSchedule[],
    from: string,
    to: string,
    rules: ReturnType<typeof bookingRules>,
    except?: string,
  ): Promise<FreeDay[]> {
    const zone = company.timeZone;
    const windowStart = DateTime.fromISO(from, { zone }).startOf('day').toJSDate();
    const windowEnd = DateTime.fromISO(to, { zone }).plus({ days: 1 }).startOf('day').toJSDate();
    const held = await repository.heldPlaces(
      tx,
      company.id,
      schedules.map((schedule) => schedule.roomId),
      windowStart,
      windowEnd,
      except,
    );
    return freeSlots(schedules, held, {
      timeZone: zone,
      from,
      to,
      now: this.clock(),
      minNoticeMinutes: rules.minNoticeMinutes,
      horizonDays: rules.horizonDays,
    });
  }

  private async freeSlotAt(tx: Tx, company: PublicCompany, schedules: RoomSchedule[], startsAt: Date, rules: ReturnType<typeof bookingRules>, except?: string) {
    const date = this.dateOf(startsAt, company.timeZone);
    const [day] = await this.freeDays(tx, company, schedules, date, date, rules, except);
    return day?.slots.find((slot) => Date.parse(slot.startsAt) === startsAt.getTime()) ?? null;
  }

  /**
   * The free starts nearest to `startsAt`: those of its day and the days either side, or, when
   * they are fewer than ALTERNATIVES, of the week after too (`schedules` read for those dates).
   */
  private async alternatives(
    tx: Tx,
    company: PublicCompany,
    schedules: RoomSchedule[],
    startsAt: Date,
    rules: ReturnType<typeof bookingRules>,
    except?: string,
  ) {
    const day = DateTime.fromJSDate(startsAt, { zone: company.timeZone });
    const nearest = async (daysAfter: number) => {
      const days = await this.freeDays(tx, company, schedules, day.minus({ days: 1 }).toISODate()!, day.plus({ days: daysAfter }).toISODate()!, rules, except);
      return days
        .flatMap((free) => free.slots.map((slot) => ({ startsAt: slot.startsAt, date: free.date, time: slot.time })))
        .filter((slot) => Date.parse(slot.startsAt) !== startsAt.getTime())
        .sort((a, b) => Math.abs(Date.parse(a.startsAt) - startsAt.getTime()) - Math.abs(Date.parse(b.startsAt) - startsAt.getTime()))
        .slice(0, ALTERNATIVES)
        .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
    };
    const close = await nearest(1);
    return close.length >= ALTERNATIVES ? close : nearest(ALTERNATIVE_DAYS);
  }

  private dateOf(instant: Date, zone: string): string {
    return DateTime.fromJSDate(instant, { zone }).toISODate()!;
  }

  /**
   * Offers `take` the places a start may have, in order (each free room of `roomIds`, place 1 to
   * its capacity, with the appointment's end in that room) until the database grants one.
   */
  private async takeFirstPlace(
    schedules: RoomSchedule[],
    roomIds: string[],
    startsAt: Date,
    take: (place: { roomId: string; seat: number; startsAt: Date; endsAt: Date }) => Promise<boolean>,
  ): Promise<boolean> {
    for (const roomId of roomIds) {
      const room = schedules.find((schedule) => schedule.roomId === roomId)!;
      const endsAt = new Date(startsAt.getTime() + room.slotDuration * 60_000);
      for (let seat = 1; seat <= room.capacity; seat += 1) if (await take({ roomId, seat, startsAt, endsAt })) return true;
    }
    return false;
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
    this.bumpGenerationAfterCommit(tx, companyId);
    tellAgendaAfterCommit(tx, this.agenda, companyId, storeId);
  }

  /** Once `tx` has committed, the availability kept before it is not used again (by this process). */
  private bumpGenerationAfterCommit(tx: Tx, companyId: string): void {
    afterCommit(tx, () => {
      this.bookingsGeneration.set(companyId, (this.bookingsGeneration.get(companyId) ?? 0) + 1);
    });
  }
}

/**
 * The manage token of a reservation booked with an Idempotency-Key: derived from the key, so that
 * a retry of the same submit is answered the same token while only its hash is stored.
 */
function tokenFromKey(key: string, reservationId: string): string {
  return createHmac('sha256', key).update(`incontra-manage-token\n${reservationId}`).digest('base64url');
}

/**
 * What a booking write needs to tell of it: the outbox, the clock stamping the e-mails' calendar
 * files, and the agendas (told once the write has committed).
 */
export interface WriteDeps {
  mailer: Mailer;
  clock: Clock;
  agenda: AgendaNotifier;
}

/** A change of one appointment, as the e-mails about it tell it. */
export interface AppointmentNews {
  customer: CustomerMailKind;
  staff: StaffMailKind;
  /** The customer's manage token, for their e-mail's manage link (null where the writer does not have it). */
  manageToken: string | null;
  /** The staff member whose action this is (their e-mail bounds apply); null for the customer. */
  sentBy: StaffMember | null;
  /** A paragraph the customer's e-mail carries after its opening lines (a closing's message). */
  note?: string | null;
}

/**
 * Who hears of a change of an appointment, their e-mails enqueued in the change's transaction:
 * the customer (with the calendar file), the store's staff, and, for a move or a cancellation,
 * those invited besides the customer (their link stays theirs). Every booking write tells through
 * here: booking, moving, and each cancellation (the customer's, the staff's, a closing's).
 * Each e-mail is delivered once the transaction has committed.
 */
export async function enqueueAppointmentMails(
  tx: Tx,
  deps: Pick<WriteDeps, 'mailer' | 'clock'>,
  companyId: string,
  row: repository.ReservationRow,
  news: AppointmentNews,
): Promise<void> {
  const facts = repository.appointmentFacts(row);
  const options = { organizerEmail: deps.mailer.sender, stamp: deps.clock() };
  const messages: MailMessage[] = [];
  if (facts.customer.email) messages.push(withNote(customerMail(facts, news.customer, { ...options, manageToken: news.manageToken }), news.note ?? null));
  for (const email of await repository.storeStaffEmails(tx, companyId, row.storeId)) messages.push(staffMail(facts, news.staff, email));
  if (news.customer === 'moved' || news.customer === 'cancelled') {
    for (const participant of await repository.participantsOf(tx, companyId, row.id)) {
      messages.push(participantMail(facts, { ...participant, joinUrl: null }, news.customer, options));
    }
  }
  for (const message of messages) await enqueueMail(tx, deps.mailer, companyId, message, news.sentBy ?? undefined);
}

/**
 * Cancels a booked appointment in the caller's transaction, `row` held by it and known to be
 * booked: its place freed, a staff member's cancellation logged, and everyone concerned told
 * (enqueueAppointmentMails, with `note` for the customer). The one way every cancellation goes:
 * the customer's and the staff's (BookingService.cancel) and a closing's (cancelInTransaction).
 * Once the transaction has committed, the e-mails go and the store's agendas are told. Answers the cancelled row.
 */
export async function cancelBooked(
  tx: Tx,
  deps: WriteDeps,
  companyId: string,
  row: repository.ReservationRow,
  who: { by: Access['by']; actor: StaffMember | null },
  note: string | null = null,
): Promise<repository.ReservationRow> {
  await repository.cancelReservation(tx, companyId, row.id, who.by, deps.clock());
  if (who.actor)
    await recordActivity(tx, companyId, who.actor, {
      action: 'delete',
      entityType: 'reservation',
      entityId: row.id,
      summary: activitySummary('cancelled', row),
    });
  const cancelled = (await repository.findReservation(tx, companyId, row.id))!;
  await enqueueAppointmentMails(tx, deps, companyId, cancelled, {
    customer: 'cancelled',
    staff: 'cancelled',
    manageToken: null,
    sentBy: who.actor,
    note,
  });
  tellAgendaAfterCommit(tx, deps.agenda, companyId, row.storeId);
  return cancelled;
}

/** The e-mail with `note` as a paragraph after its opening lines (the first blank line). */
function withNote(message: MailMessage, note: string | null): MailMessage {
  if (!note) return message;
  const lines = message.text.split('\n');
  const at = lines.indexOf('') + 1;
  lines.splice(at, 0, ...note.split('\n'), '');
  return { ...message, text: lines.join('\n') };
}

/** "2 ore", "30 minuti", "1 ora e 30 minuti", "1 giorno". */
export function durationText(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (days) parts.push(days === 1 ? '1 giorno' : `${days} giorni`);
  if (hours) parts.push(hours === 1 ? '1 ora' : `${hours} ore`);
  if (rest || parts.length === 0) parts.push(rest === 1 ? '1 minuto' : `${rest} minuti`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)}` : parts[0]!;
}

/** The appointment itself, as the customer's and an invited participant's views show it. */
export function appointmentView(row: repository.ReservationRow) {
  return {
    status: row.status as ReservationStatus,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timeZone: row.timeZone,
    company: { name: row.companyName },
    store: { id: row.storeId, name: row.storeName, address: row.storeAddress },
    topic: row.topicId && row.topicName !== null ? { id: row.topicId, name: row.topicName } : null,
    room: { id: row.roomId, name: row.roomName },
    joinOpensAt: new Date(row.startsAt.getTime() - LOBBY_RULES.reservationEarlyMs).toISOString(),
  };
}

function customerView(row: repository.ReservationRow, cancelCutoffMinutes: number): CustomerReservation {
  return {
    id: row.id,
    ...appointmentView(row),
    customer: { firstName: row.firstName ?? row.customerName, lastName: row.lastName ?? '', email: row.email ?? '', phone: row.phone ?? '', notes: row.notes },
    changeableUntil: row.status === 'booked' ? new Date(row.startsAt.getTime() - cancelCutoffMinutes * 60_000).toISOString() : null,
    joinPath: reservationJoinPath(row.id, { token: row.joinToken }),
    sequence: row.sequence,
  };
}

/** The activity log's line for a staff change ("Annullata la prenotazione di Mario Rossi del 4 marzo 2026, 09:00"). */
export function activitySummary(change: 'created' | 'cancelled' | 'moved' | 'completed' | 'no_show', row: repository.ReservationRow): string {
  const when = appointmentWhen(row.startsAt, row.timeZone);
  const who = row.customerName;
  return {
    created: `Creata la prenotazione di ${who} per ${when}`,
    cancelled: `Annullata la prenotazione di ${who} del ${when}`,
    moved: `Spostata la prenotazione di ${who} a ${when}`,
    completed: `Segnata come svolta la prenotazione di ${who} del ${when}`,
    no_show: `Segnata come non presentato la prenotazione di ${who} del ${when}`,
  }[change];
}
