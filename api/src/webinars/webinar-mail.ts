import { IT_WEBINARS } from '@incontra/contracts/messages/it-webinars';
import { whenSentence } from '@incontra/contracts/messages/it-when';
import { ROUTES } from '@incontra/contracts/routes';
import { mailAddress } from '../booking/booking-mail';
import { calendarFile } from '../booking/ics';
import type { MailMessage } from '../mail/mail-transport';

/** What a registrant's e-mails say: the webinar, the company, the registrant and their link. */
export interface RegistrantFacts {
  registrationId: string;
  webinarId: string;
  title: string;
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  companyName: string;
  storeName: string;
  firstName: string;
  lastName: string;
  email: string;
  /** The company's origin the links lead to. */
  origin: string;
  /** The registration's token: every e-mail carries the personal link. */
  token: string;
}

export type RegistrantMailKind = 'confirmed' | 'reminderDay' | 'reminderSoon' | 'moved' | 'webinarCancelled' | 'registrationCancelled';

const M = IT_WEBINARS.mail;

/** The registrant's page (details, calendar, cancel, the way in), with their token. */
export function registrationPagePath(registrationId: string): string {
  return `${ROUTES.webinarRegistration}/${registrationId}`;
}

/** The personal link: the registration's page with its token. */
function pageLink(facts: RegistrantFacts): string {
  return `${facts.origin}${registrationPagePath(facts.registrationId)}?token=${encodeURIComponent(facts.token)}`;
}

function calendar(facts: RegistrantFacts, cancels: boolean, link: string, organizerEmail: string, stamp: Date): string {
  return calendarFile({
    uid: `webinar-${facts.registrationId}@incontra`,
    sequence: facts.sequence,
    method: cancels ? 'CANCEL' : 'REQUEST',
    startsAt: facts.startsAt,
    endsAt: facts.endsAt,
    stamp,
    summary: `${facts.title} · ${facts.companyName}`,
    location: link,
    description: IT_WEBINARS.calendar.description(link),
    url: link,
    organizer: { name: facts.companyName, email: mailAddress(organizerEmail) },
    attendee: { name: `${facts.firstName} ${facts.lastName}`, email: facts.email },
  });
}

/** The .ics a registrant downloads from their page. */
export function registrationCalendar(facts: RegistrantFacts, organizerEmail: string, stamp: Date): string {
  return calendar(facts, false, pageLink(facts), organizerEmail, stamp);
}

/** The registrant's e-mail of `kind`, with the .ics (a request, or a cancellation for a cancelled webinar or registration). */
export function registrantMail(facts: RegistrantFacts, kind: RegistrantMailKind, options: { organizerEmail: string; stamp: Date }): MailMessage {
  const when = whenSentence(facts);
  const link = pageLink(facts);
  const name = facts.firstName;
  const letters: Record<RegistrantMailKind, { subject: string; text: string }> = {
    confirmed: { subject: M.confirmationSubject(facts.title), text: M.confirmation(name, facts.title, when, link) },
    reminderDay: { subject: M.reminderDaySubject(facts.title), text: M.reminder(name, facts.title, when, link) },
    reminderSoon: { subject: M.reminderSoonSubject(facts.title), text: M.reminder(name, facts.title, when, link) },
    moved: { subject: M.movedSubject(facts.title), text: M.moved(name, facts.title, when, link) },
    webinarCancelled: { subject: M.cancelledSubject(facts.title), text: M.cancelled(name, facts.title, when) },
    registrationCancelled: { subject: M.registrationCancelledSubject(facts.title), text: M.registrationCancelled(name, facts.title) },
  };
  const cancels = kind === 'webinarCancelled' || kind === 'registrationCancelled';
  const method = cancels ? 'CANCEL' : 'REQUEST';
  return {
    to: facts.email,
    subject: letters[kind].subject,
    text: `${letters[kind].text}\n\n${facts.companyName} · ${facts.storeName}`,
    attachments: [
      {
        filename: 'webinar.ics',
        contentType: `text/calendar; charset=utf-8; method=${method}`,
        content: calendar(facts, cancels, link, options.organizerEmail, options.stamp),
      },
    ],
  };
}
