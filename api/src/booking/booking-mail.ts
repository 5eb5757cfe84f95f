import { DateTime } from 'luxon';
import { LOBBY_RULES } from '@incontra/contracts/api/join-requests';
import { RESERVATION_PARAM } from '@incontra/contracts/api/join-requests';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { ROUTES } from '@incontra/contracts/routes';
import type { MailMessage } from '../mail/mail-transport';
import { calendarFile } from './ics';

/** What the e-mails of one appointment say. */
export interface AppointmentFacts {
  id: string;
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  companyName: string;
  storeName: string;
  storeAddress: string | null;
  roomName: string;
  topicName: string | null;
  customer: { firstName: string; lastName: string; email: string; phone: string; notes: string | null };
  /** The origin of the company's host the links lead to. */
  origin: string;
}

export type CustomerMailKind = 'confirmed' | 'moved' | 'cancelled' | 'reminderDay' | 'reminderHour';
export type StaffMailKind = 'new' | 'moved' | 'cancelled';

const M = IT_BOOKING.mail;

/** "lunedì 2 marzo 2026, 10:00" on the company's clock. */
export function appointmentWhen(startsAt: Date, timeZone: string): string {
  return DateTime.fromJSDate(startsAt, { zone: timeZone }).setLocale('it').toFormat("cccc d LLLL yyyy', 'HH:mm");
}

export const joinLink = (facts: Pick<AppointmentFacts, 'origin' | 'id'>) => `${facts.origin}${ROUTES.live}?${RESERVATION_PARAM}=${facts.id}`;
export const manageLink = (facts: Pick<AppointmentFacts, 'origin' | 'id'>, token: string) =>
  `${facts.origin}${ROUTES.manageBooking}/${facts.id}?token=${encodeURIComponent(token)}`;

const whereText = (facts: AppointmentFacts) => [facts.storeName, facts.storeAddress].filter(Boolean).join(', ');
const topicText = (facts: AppointmentFacts) => facts.topicName ?? facts.roomName;
const fullName = (facts: AppointmentFacts) => `${facts.customer.firstName} ${facts.customer.lastName}`;

function summary(facts: AppointmentFacts): string {
  return `${topicText(facts)} · ${facts.companyName}`;
}

/** The address alone of a sender such as MAIL_FROM's "Incontra <no-reply@incontra.local>". */
export function mailAddress(from: string): string {
  return /<([^<>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** The .ics of the appointment as it now stands: a cancellation's cancels it, `download` is the page's file. */
export function appointmentCalendar(facts: AppointmentFacts, kind: CustomerMailKind | 'download', organizerEmail: string, stamp: Date): string {
  return calendarFile({
    uid: `${facts.id}@incontra`,
    sequence: facts.sequence,
    method: kind === 'cancelled' ? 'CANCEL' : kind === 'download' ? 'PUBLISH' : 'REQUEST',
    startsAt: facts.startsAt,
    endsAt: facts.endsAt,
    stamp,
    summary: summary(facts),
    location: whereText(facts),
    description: `${M.join(LOBBY_RULES.reservationEarlyMs / 60_000)} ${joinLink(facts)}`,
    url: joinLink(facts),
    organizer: { name: facts.companyName, email: mailAddress(organizerEmail) },
    attendee: { name: fullName(facts), email: facts.customer.email },
  });
}

/**
 * The customer's e-mail of `kind`. Every one but the cancellation carries the join link; each
 * carries the manage link when the token is known (confirmation, move) and the .ics.
 */
export function customerMail(
  facts: AppointmentFacts,
  kind: CustomerMailKind,
  options: { manageToken: string | null; organizerEmail: string; stamp: Date },
): MailMessage {
  const when = appointmentWhen(facts.startsAt, facts.timeZone);
  const subject = {
    confirmed: M.confirmedSubject,
    moved: M.movedSubject,
    cancelled: M.cancelledSubject,
    reminderDay: M.reminderSubject,
    reminderHour: M.reminderSubject,
  }[kind](facts.companyName, when);
  const intro = {
    confirmed: M.confirmedIntro,
    moved: M.movedIntro,
    cancelled: M.cancelledIntro,
    reminderDay: M.reminderDayIntro,
    reminderHour: M.reminderHourIntro,
  }[kind];
  const lines = [
    M.greeting(facts.customer.firstName),
    intro,
    '',
    `${M.what}: ${topicText(facts)}`,
    `${M.where}: ${whereText(facts)}`,
    `${M.when}: ${when} (${facts.timeZone})`,
    '',
  ];
  if (kind !== 'cancelled') lines.push(M.join(LOBBY_RULES.reservationEarlyMs / 60_000), joinLink(facts), '');
  if (kind !== 'cancelled' && options.manageToken) lines.push(M.manage, manageLink(facts, options.manageToken), '');
  lines.push(M.calendar, '', M.signature(facts.companyName));
  return {
    to: facts.customer.email,
    subject,
    text: lines.join('\n'),
    attachments: [
      {
        filename: 'appuntamento.ics',
        contentType: `text/calendar; charset=utf-8; method=${kind === 'cancelled' ? 'CANCEL' : 'REQUEST'}`,
        content: appointmentCalendar(facts, kind, options.organizerEmail, options.stamp),
      },
    ],
  };
}

/** The notice to a staff member of the store. */
export function staffMail(facts: AppointmentFacts, kind: StaffMailKind, to: string): MailMessage {
  const when = appointmentWhen(facts.startsAt, facts.timeZone);
  const subject = { new: M.staffNewSubject, moved: M.staffMovedSubject, cancelled: M.staffCancelledSubject }[kind](when, fullName(facts));
  const lines = [
    `${M.what}: ${topicText(facts)}`,
    `${M.where}: ${whereText(facts)} · ${facts.roomName}`,
    `${M.when}: ${when} (${facts.timeZone})`,
    `${M.staffCustomer}: ${fullName(facts)}`,
    `${M.staffContact}: ${facts.customer.email} · ${facts.customer.phone}`,
  ];
  if (facts.customer.notes) lines.push(`${M.staffNotes}: ${facts.customer.notes}`);
  return { to, subject, text: lines.join('\n') };
}
