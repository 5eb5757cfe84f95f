import type { StaffMember } from '../common/staff-member';
import { recordActivity } from '../activity/activity-log';
import type { Clock } from '../common/clock';
import type { Tx } from '../db/database';
import { HttpError } from '../http/http-error';
import { enqueueMail } from '../mail/after-commit';
import type { Mailer } from '../mail/mailer';
import type { MailMessage } from '../mail/mail-transport';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { tellAgendaAfterCommit, type AgendaNotifier } from './agenda';
import { appointmentWhen, customerMail, participantMail, staffMail, type CustomerMailKind, type StaffMailKind } from './booking-mail';
import type { Access } from './customer-access';
import * as repository from './repository';
import { appointmentFacts } from './views';

/*
 * What every booking write shares: the refusal of a start that is not free, who hears of a change
 * and how (enqueueAppointmentMails, delivered once committed), the one cancellation path, and the
 * activity log's line for a staff change.
 */

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

/** The activity log's line for a staff change ("Annullata la prenotazione di Mario Rossi del 4 marzo 2026, 09:00"). */
export function activitySummary(change: 'created' | 'cancelled' | 'moved' | 'completed' | 'no_show', row: repository.ReservationRow): string {
  return IT_BOOKING.activity[change](row.customerName, appointmentWhen(row.startsAt, row.timeZone));
}
