import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PublicCompany } from '@incontra/contracts/api/company';
import {
  APPOINTMENT_HOLD_MINUTES,
  BOOKING_CONFIRMATION_MINUTES,
  BOOKING_DEFAULTS,
  bookingRules,
  RESERVATION_STATUS,
  type CreatedReservation,
  type CustomerReservation,
  type PendingReservation,
  type ReservationBody,
} from '@incontra/contracts/api/reservations';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { recordActivity } from '../activity/activity-log';
import type { StaffContext } from '../auth/authenticate';
import { newToken, tokenHash } from '../auth/tokens';
import type { Clock } from '../common/clock';
import type { Semaphore } from '../common/semaphore';
import type { StaffMember } from '../common/staff-member';
import type { BookingBreakerConfig } from '../config/flood-defaults';
import type { Database, Tx } from '../db/database';
import type { PendingBooking } from '../db/schema';
import { isExclusionViolation } from '../errors/database-errors';
import { HttpError } from '../http/http-error';
import { enqueueMail } from '../mail/after-commit';
import type { Mailer } from '../mail/mailer';
import type { MailMessage } from '../mail/mail-transport';
import type { CustomerPaymentGateway } from '../payments/customer-payments';
import { normalizeAnyPhoneNumber } from '../sms/phone-number';
import { smsCountriesOf } from '../sms/sms-destinations';
import { tellAgendaAfterCommit, type AgendaNotifier } from './agenda';
import type { Availability } from './availability';
import { appointmentWhen, customerMail, participantMail, staffMail, type CustomerMailKind, type StaffMailKind } from './booking-mail';
import * as breaker from './breaker';
import { breakerTrippedMail, confirmationPath, confirmationRequestMail } from './confirmation-mail';
import type { Access } from './customer-access';
import { customerEmailKey } from './customer-email';
import { idempotencyKeyHash, replay, tokenFromKey } from './idempotency';
import * as paid from './payment-repository';
import { remindersHandledAt } from './reminders';
import * as repository from './repository';
import { appointmentFacts, bookingRequestOf, customerView, requestHashOf, reservationColumnsOf } from './views';

/*
 * The booking writes: booking (or, while the store's breaker is on, waiting for the customer's
 * confirmation), moving and cancelling, each in one transaction under the process's bound; and
 * what every write shares: the refusal of a start that is not free, who hears of a change and how
 * (enqueueAppointmentMails, delivered once committed), the one cancellation path, and the
 * activity log's line for a staff change. What follows a commit is registered with afterCommit.
 */

const E = IT_BOOKING.errors;
const notFound = () => new HttpError(404, E.reservationNotFound);

/**
 * The columns of a customer's booking of a priced topic: held while they pay (payments.ts), the
 * manage token kept for the confirmation e-mail sent once paid. Nothing is sent while held.
 */
function heldColumns(price: number, now: Date, manageToken: string) {
  return {
    status: RESERVATION_STATUS.held,
    holdExpiresAt: new Date(now.getTime() + APPOINTMENT_HOLD_MINUTES * 60_000),
    paymentAmount: price,
    paymentStatus: 'pending',
    heldManageToken: manageToken,
  };
}

/**
 * Inside a write, before it looks for a place at `startsAt`: the holds that ended over the
 * longest appointment of these rooms from then are released, so that the place constraint (which
 * counts every 'held' row) agrees with what is free now. Their payments are cancelled by the sweep.
 */
async function releaseEndedHolds(tx: Tx, companyId: string, schedules: { roomId: string; slotDuration: number }[], startsAt: Date, now: Date) {
  const longest = Math.max(0, ...schedules.map((schedule) => schedule.slotDuration));
  const to = new Date(startsAt.getTime() + longest * 60_000);
  const roomIds = schedules.map((schedule) => schedule.roomId);
  await paid.releaseEndedHolds(tx, companyId, roomIds, startsAt, to, now);
}

/**
 * Booking writes one process runs at once (of the pool's 10 connections): contenders for one
 * start wait on each other's rows in the database, so a burst of them would otherwise fill the
 * pool and make every other call of the API wait for a connection.
 */
export const BOOKING_WRITES_AT_ONCE = 4;

/** What the booking writes work with (BookingService builds it once). */
export interface BookingDeps extends WriteDeps {
  db: Database;
  breakerConfig: BookingBreakerConfig;
  availability: Availability;
  /** Booking writes (book, move, cancel) in flight at once in this process; the rest queue in memory. */
  writes: Semaphore;
  /** The customers' payment port: a priced topic's booking is paid through it (payments.ts). */
  payments: CustomerPaymentGateway;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export interface BookingRequest {
  company: PublicCompany;
  body: Omit<ReservationBody, 'privacyConsent'>;
  idempotencyKey: string | null;
  /** Staff booking for a customer (by phone, say): no consent given here, no per-address limit, logged. */
  staff?: StaffContext;
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

/** The constraint that holds capacity (drizzle/0008). */
export const PLACE_CONSTRAINT = 'reservations_place_exclusion';

/** 409 for a start that is not free (any more), with the nearest free times of the same topic. */
export class SlotTakenError extends HttpError {
  constructor(readonly alternatives: { startsAt: string; date: string; time: string }[]) {
    super(409, IT_BOOKING.errors.slotUnavailable, 'startsAt');
  }

  override toBody() {
    return { ...super.toBody(), alternatives: this.alternatives };
  }
}

/** Inside a write: the start is not free. Its transaction ends, then the 409 is made. */
export class PlaceTaken extends Error {}

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
  const facts = appointmentFacts(row);
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
  staff: StaffContext | null,
  note: string | null = null,
): Promise<repository.ReservationRow> {
  await repository.cancelReservation(tx, companyId, row.id, staff ? 'staff' : 'customer', deps.clock());
  // A paid appointment that will not take place is refunded in full (payments.ts refundNow, after the commit; else the sweep).
  await paid.movePaymentStatus(tx, companyId, row.id, ['paid'], 'refund_due', deps.clock());
  if (staff)
    await recordActivity(tx, companyId, staff.user, {
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
    sentBy: staff?.user ?? null,
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

/** The activity log's line for a staff change ("Annullata la prenotazione di Mario Rossi del 4 marzo 2026, 09:00"). */
export function activitySummary(change: 'created' | 'cancelled' | 'moved' | 'completed' | 'no_show', row: repository.ReservationRow): string {
  return IT_BOOKING.activity[change](row.customerName, appointmentWhen(row.startsAt, row.timeZone));
}

/**
 * POST /api/reservations: the reservation and its manage token (201), or, while the store's
 * breaker is on, a booking waiting for the customer's e-mail confirmation (202: nothing held).
 */
export async function book(deps: BookingDeps, { company, body, idempotencyKey, origin, staff, confirmation }: BookingRequest): Promise<BookingAnswer> {
  const phone = normalizeAnyPhoneNumber(body.phone, smsCountriesOf(company.settings)[0] ?? 'IT');
  if (!phone) throw new HttpError(400, IT_BOOKING.validation.phone, 'phone');
  const email = body.email.toLowerCase();
  const emailKey = customerEmailKey(email);
  const startsAt = new Date(body.startsAt);
  const keyHash = idempotencyKey === null ? null : idempotencyKeyHash(idempotencyKey);
  const request = bookingRequestOf(body, email, phone, startsAt);
  const requestHash = requestHashOf(request);

  const replay = keyHash ? await replayFor(deps, company, keyHash, requestHash, idempotencyKey!) : null;
  if (replay) return { kind: 'created', created: replay };

  const rules = bookingRules(company.settings);
  const now = deps.clock();
  const schedules = await deps.availability.schedulesOf(company, body.store, body.topic, body.room ?? null);
  // The id is chosen here, so that the manage token (derived from it with a key) goes in with the row.
  const id = randomUUID();
  // A retried submit, or a second click on the confirmation link, is answered the same token.
  const tokenKey = confirmation?.token ?? idempotencyKey;
  const token = tokenKey === null ? newToken() : tokenFromKey(tokenKey, id);
  let result: { kind: 'created'; view: CustomerReservation } | { kind: 'pending'; pending: PendingReservation };
  try {
    result = await deps.writes.run(() =>
      deps.db.withTenant(company.id, async (tx) => {
        changedAfterCommit(deps, tx, company.id, body.store);
        if (confirmation) await useConfirmation(tx, company.id, confirmation.id, now);
        if (!staff) {
          // Upcoming appointments and bookings waiting for confirmation, per customer (the address's key).
          await repository.lockCustomerEmail(tx, company.id, emailKey);
          const held =
            (await repository.countUpcomingForEmail(tx, company.id, emailKey, now)) +
            (await breaker.countOpenConfirmations(tx, company.id, emailKey, now, confirmation?.id));
          if (held >= BOOKING_DEFAULTS.activePerEmailMax) throw new HttpError(429, E.tooManyForEmail, 'email');
        }
        // Customer bookings of a store decide one after the other on its breaker's row, before any place.
        const breakerRow = staff ? null : await breaker.lockBreaker(tx, company.id, body.store, now);
        // A priced topic's price, read in the write: a customer's booking of it is held while they pay (staff book it as it is).
        const price = staff ? null : ((await repository.findTopic(tx, company.id, body.store, body.topic))?.price ?? null);
        await releaseEndedHolds(tx, company.id, schedules, startsAt, now);
        const slot = await deps.availability.freeSlotAt(tx, company, schedules, startsAt, rules);
        if (!slot) throw new PlaceTaken();
        if (breakerRow && !confirmation && breaker.breakerOn(breakerRow, now)) {
          return awaitConfirmation(deps, tx, company, request, emailKey, origin, now);
        }

        const base = {
          id,
          companyId: company.id,
          ...reservationColumnsOf(request, emailKey),
          status: RESERVATION_STATUS.booked,
          consentAt: staff ? null : now,
          createdBy: staff?.user.id ?? null,
          idempotencyKeyHash: keyHash,
          requestHash,
          manageTokenHash: tokenHash(token),
          linkOrigin: origin,
          ...remindersHandledAt(startsAt, now),
          ...(price === null ? {} : heldColumns(price, now, token)),
        };
        const taken = await deps.availability.takeFirstPlace(schedules, slot.roomIds, startsAt, (place) => repository.insertAtPlace(tx, { ...base, ...place }));
        if (!taken) throw new PlaceTaken();
        const row = (await repository.findReservation(tx, company.id, id))!;
        if (staff)
          await recordActivity(tx, company.id, staff.user, {
            action: 'create',
            entityType: 'reservation',
            entityId: id,
            summary: activitySummary('created', row),
          });
        // Held for payment: nobody hears of it until it is paid (payments.ts settle).
        if (price === null)
          await enqueueAppointmentMails(tx, deps, company.id, row, {
            customer: 'confirmed',
            staff: 'new',
            manageToken: token,
            sentBy: staff?.user ?? null,
          });
        if (confirmation) await breaker.markConfirmed(tx, company.id, confirmation.id, id, now);
        if (breakerRow && (await breaker.countCustomerBooking(tx, breakerRow, now, deps.breakerConfig))) {
          for (const to of await repository.storeStaffEmails(tx, company.id, body.store)) {
            await enqueueMail(tx, deps.mailer, company.id, breakerTrippedMail(to, row.storeName, deps.breakerConfig));
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
        created: { reservation: await view(deps, company, error.reservationId), manageToken: tokenFromKey(tokenKey!, error.reservationId), checkout: null },
      };
    // The transaction is over (nothing written) before the other times are looked for, so that
    // a loser does not keep the next contenders waiting on its place. A refusal by the
    // constraint itself (a writer not yet committed when checked) means the same.
    if (error instanceof PlaceTaken || isExclusionViolation(error, PLACE_CONSTRAINT)) {
      error = new SlotTakenError(await deps.db.withTenant(company.id, (tx) => deps.availability.alternatives(tx, company, schedules, startsAt, rules)));
    }
    // A retry that raced its first attempt (same key, sent again before the first answered).
    if (keyHash && error instanceof SlotTakenError) {
      const raced = await replayFor(deps, company, keyHash, requestHash, idempotencyKey!);
      if (raced) return { kind: 'created', created: raced };
    }
    throw error;
  }
  // A held reservation's card form data is added by the caller, once the hold has committed (BookingService.book).
  return result.kind === 'pending' ? result : { kind: 'created', created: { reservation: result.view, manageToken: token, checkout: null } };
}

/** Inside the confirming write: the link's row held; a first click that already booked wins. */
async function useConfirmation(tx: Tx, companyId: string, id: string, now: Date): Promise<void> {
  const row = await breaker.lockConfirmation(tx, companyId, id);
  if (!row) throw new HttpError(404, E.confirmationNotFound);
  if (row.reservationId) throw new AlreadyConfirmed(row.reservationId);
  if (row.expiresAt.getTime() <= now.getTime()) throw new HttpError(409, E.confirmationExpired);
}

/** The breaker is on: the booking waits for the customer to open the link e-mailed to them; nothing is held. */
async function awaitConfirmation(deps: BookingDeps, tx: Tx, company: PublicCompany, request: PendingBooking, emailKey: string, origin: string, now: Date) {
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
  await enqueueMail(tx, deps.mailer, company.id, mail);
  return { kind: 'pending' as const, pending: { confirmationRequired: true as const, email: request.email, expiresAt: expiresAt.toISOString() } };
}

/** Cancels a booked reservation: its place is freed, and those who hear of it are told (cancelBooked). */
export function cancel(deps: BookingDeps, company: PublicCompany, id: string, access: Access): Promise<repository.ReservationRow> {
  return deps.writes.run(() =>
    deps.db.withTenant(company.id, async (tx) => {
      const row = await access.require(tx, id, true);
      if (row.status !== RESERVATION_STATUS.booked) throw new HttpError(409, E.notBooked);
      access.checkChange(row);
      deps.availability.changedAfterCommit(tx, company.id);
      return cancelBooked(tx, deps, company.id, row, access.staff);
    }),
  );
}

/**
 * Moves a booked reservation to another free start of the same topic, in one transaction. The
 * old place is given up only by the update that takes the new one; when the new one is taken
 * meanwhile, nothing changes (409 with other times).
 */
export async function move(deps: BookingDeps, company: PublicCompany, id: string, to: string, access: Access): Promise<repository.ReservationRow> {
  const rules = bookingRules(company.settings);
  const startsAt = new Date(to);
  // Its store and topic, read first: the schedules come from the cache, outside the write.
  const before = await deps.db.withTenant(company.id, (tx) => access.require(tx, id, false));
  if (!before.topicId) throw new HttpError(409, E.topicNotFound, 'startsAt');
  const schedules = await deps.availability.schedulesOf(company, before.storeId, before.topicId, null);
  const write = deps.writes.run(() =>
    deps.db.withTenant(company.id, async (tx) => {
      const row = await access.require(tx, id, true);
      if (row.status !== RESERVATION_STATUS.booked) throw new HttpError(409, E.notBooked);
      access.checkChange(row);
      if (row.startsAt.getTime() === startsAt.getTime()) throw new HttpError(409, E.sameStart, 'startsAt');
      changedAfterCommit(deps, tx, company.id, row.storeId);
      await releaseEndedHolds(tx, company.id, schedules, startsAt, deps.clock());
      const slot = await deps.availability.freeSlotAt(tx, company, schedules, startsAt, rules, id);
      if (!slot) throw new PlaceTaken();
      // Its own room first, when it has a place then: the customer moved the time, not the room.
      const roomIds = [...slot.roomIds].sort((a, b) => Number(b === row.roomId) - Number(a === row.roomId));
      const reminders = remindersHandledAt(startsAt, deps.clock());
      const moved = await deps.availability.takeFirstPlace(schedules, roomIds, startsAt, (place) =>
        repository.moveToPlace(tx, company.id, id, { ...place, ...reminders }),
      );
      if (!moved) throw new PlaceTaken();
      const after = (await repository.findReservation(tx, company.id, id))!;
      if (access.staff)
        await recordActivity(tx, company.id, access.staff.user, {
          action: 'update',
          entityType: 'reservation',
          entityId: id,
          summary: activitySummary('moved', after),
        });
      await enqueueAppointmentMails(tx, deps, company.id, after, {
        customer: 'moved',
        staff: 'moved',
        manageToken: access.manageToken,
        sentBy: access.staff?.user ?? null,
      });
      return after;
    }),
  );
  // Not free, or taken by a mover that had not committed when this update checked (the
  // constraint refused it): the transaction is gone, the old place kept; then the other times.
  return write.catch(async (error: unknown) => {
    if (!(error instanceof PlaceTaken) && !isExclusionViolation(error, PLACE_CONSTRAINT)) throw error;
    throw new SlotTakenError(await deps.db.withTenant(company.id, (tx) => deps.availability.alternatives(tx, company, schedules, startsAt, rules, id)));
  });
}

export async function view(deps: BookingDeps, company: PublicCompany, id: string): Promise<CustomerReservation> {
  const row = await deps.db.withTenant(company.id, (tx) => repository.findReservation(tx, company.id, id));
  if (!row) throw notFound();
  return customerView(row, bookingRules(company.settings).cancelCutoffMinutes);
}

/** An earlier submit with the same Idempotency-Key, answered again (idempotency.ts). */
function replayFor(deps: BookingDeps, company: PublicCompany, keyHash: string, requestHash: string, key: string): Promise<CreatedReservation | null> {
  return replay(deps.db, (of, id) => view(deps, of, id), company, keyHash, requestHash, key);
}

/**
 * Once the booking write of `tx` has committed: the availability kept before it is not used
 * again, and the store's agendas open anywhere are told (its e-mails register their own delivery).
 */
function changedAfterCommit(deps: BookingDeps, tx: Tx, companyId: string, storeId: string): void {
  deps.availability.changedAfterCommit(tx, companyId);
  tellAgendaAfterCommit(tx, deps.agenda, companyId, storeId);
}
