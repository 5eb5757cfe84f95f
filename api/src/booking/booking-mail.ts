import { LOBBY_RULES, reservationJoinPath } from '@incontra/contracts/api/join-requests';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { whenSentence, whenText } from '@incontra/contracts/messages/it-when';
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
  /** The customer's join token: their join link opens the live queue only with it. */
  joinToken: string;
}

export type CustomerMailKind = 'confirmed' | 'moved' | 'cancelled' | 'reminderDay' | 'reminderHour';
export type StaffMailKind = 'new' | 'moved' | 'cancelled';
/** An invited participant's e-mails: the invitation, the appointment moved or cancelled, the invitation withdrawn. */
export type ParticipantMailKind = 'invited' | 'moved' | 'cancelled' | 'withdrawn';

/** Someone invited besides the customer; `joinUrl` only when their token is at hand (the invitation). */
export interface ParticipantFacts {
  name: string;
  email: string;
  joinUrl: string | null;
}

const M = IT_BOOKING.mail;

/**
 * "lunedì 2 marzo 2026, 10:00" on the company's clock: the contracts' whenText, the one wording of
 * the pages and the e-mails (this name stays for the booking service's callers until its split).
 */
export const appointmentWhen = (startsAt: Date, timeZone: string): string => whenText(startsAt, timeZone);

export const joinLink = (facts: Pick<AppointmentFacts, 'origin' | 'id' | 'joinToken'>) =>
  `${facts.origin}${reservationJoinPath(facts.id, { token: facts.joinToken })}`;
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

/**
 * The .ics of the appointment as it now stands: a cancellation's cancels it, `download` is the
 * page's file. The attendee is the customer unless another is named (an invited participant),
 * whose join link is their own.
 */
export function appointmentCalendar(
  facts: AppointmentFacts,
  kind: CustomerMailKind | ParticipantMailKind | 'download',
  organizerEmail: string,
  stamp: Date,
  participant?: ParticipantFacts,
): string {
  const cancels = kind === 'cancelled' || kind === 'withdrawn';
  const link = participant ? participant.joinUrl : joinLink(facts);
  return calendarFile({
    uid: `${facts.id}@incontra`,
    sequence: facts.sequence,
    method: cancels ? 'CANCEL' : kind === 'download' ? 'PUBLISH' : 'REQUEST',
    startsAt: facts.startsAt,
    endsAt: facts.endsAt,
    stamp,
    summary: summary(facts),
    // A video call has no address: the place is the way in (calendars make it a link).
    location: link ?? M.videoCall,
    description: link ? `${M.join(LOBBY_RULES.reservationEarlyMs / 60_000)} ${link}` : '',
    url: link ?? undefined,
    organizer: { name: facts.companyName, email: mailAddress(organizerEmail) },
    attendee: participant ? { name: participant.name, email: participant.email } : { name: fullName(facts), email: facts.customer.email },
  });
}

const calendarAttachment = (method: 'CANCEL' | 'REQUEST', content: string) => ({
  filename: 'appuntamento.ics',
  contentType: `text/calendar; charset=utf-8; method=${method}`,
  content,
});

/**
 * A letter's start: the greeting, what happened, then what it is about, that it is a video call
 * (the contracts' one sentence: day, time, length and time zone) and with whom; the store is named
 * as who they meet, its address left out (it would read as a visit to the store).
 */
function opening(facts: AppointmentFacts, name: string, intro: string): string[] {
  return [
    M.greeting(name),
    intro,
    '',
    `${M.what}: ${topicText(facts)}`,
    `${M.videoCall}: ${whenSentence(facts)}`,
    `${M.with}: ${facts.companyName} · ${facts.storeName}`,
    '',
  ];
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
  const when = whenText(facts.startsAt, facts.timeZone);
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
  const lines = opening(facts, facts.customer.firstName, intro);
  if (kind !== 'cancelled') lines.push(M.join(LOBBY_RULES.reservationEarlyMs / 60_000), joinLink(facts), '');
  if (kind !== 'cancelled' && options.manageToken) lines.push(M.manage, manageLink(facts, options.manageToken), '');
  lines.push(M.calendar, '', M.signature(facts.companyName));
  return {
    to: facts.customer.email,
    subject,
    text: lines.join('\n'),
    attachments: [calendarAttachment(kind === 'cancelled' ? 'CANCEL' : 'REQUEST', appointmentCalendar(facts, kind, options.organizerEmail, options.stamp))],
  };
}

/**
 * An invited participant's e-mail of `kind`, with the .ics of the appointment for them. The
 * invitation carries their personal join link; a move reminds them that the link stays the same.
 */
export function participantMail(
  facts: AppointmentFacts,
  participant: ParticipantFacts,
  kind: ParticipantMailKind,
  options: { organizerEmail: string; stamp: Date },
): MailMessage {
  const when = whenText(facts.startsAt, facts.timeZone);
  const subject = {
    invited: M.participantSubject,
    moved: M.movedSubject,
    cancelled: M.cancelledSubject,
    withdrawn: M.participantWithdrawnSubject,
  }[kind](facts.companyName, when);
  const intro = { invited: M.participantIntro, moved: M.movedIntro, cancelled: M.cancelledIntro, withdrawn: M.participantWithdrawnIntro }[kind];
  const lines = opening(facts, participant.name, intro);
  if (kind === 'invited' && participant.joinUrl) lines.push(M.participantJoin(LOBBY_RULES.reservationEarlyMs / 60_000), participant.joinUrl, '');
  if (kind === 'moved') lines.push(M.participantSameLink, '');
  lines.push(M.calendar, '', M.signature(facts.companyName));
  const cancels = kind === 'cancelled' || kind === 'withdrawn';
  return {
    to: participant.email,
    subject,
    text: lines.join('\n'),
    attachments: [calendarAttachment(cancels ? 'CANCEL' : 'REQUEST', appointmentCalendar(facts, kind, options.organizerEmail, options.stamp, participant))],
  };
}

/** The notice to a staff member of the store. */
export function staffMail(facts: AppointmentFacts, kind: StaffMailKind, to: string): MailMessage {
  const when = whenText(facts.startsAt, facts.timeZone);
  const subject = { new: M.staffNewSubject, moved: M.staffMovedSubject, cancelled: M.staffCancelledSubject }[kind](when, fullName(facts));
  const lines = [
    `${M.what}: ${topicText(facts)}`,
    `${M.where}: ${whereText(facts)} · ${facts.roomName}`,
    `${M.when}: ${whenSentence(facts)}`,
    `${M.staffCustomer}: ${fullName(facts)}`,
    `${M.staffContact}: ${facts.customer.email} · ${facts.customer.phone}`,
  ];
  if (facts.customer.notes) lines.push(`${M.staffNotes}: ${facts.customer.notes}`);
  return { to, subject, text: lines.join('\n') };
}
