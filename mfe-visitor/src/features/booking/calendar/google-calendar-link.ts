import { LOBBY_RULES } from '@incontra/contracts/api/join-requests';
import type { CustomerReservation } from '@incontra/contracts/api/reservations';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';

/** '2026-03-02T09:00:00.000Z' → '20260302T090000Z', the form Google's `dates` wants. */
function googleInstant(instant: string): string {
  return new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** What the appointment is, as its calendar file and e-mails title it: the topic (or room) and the company. */
export function appointmentTitle(reservation: Pick<CustomerReservation, 'topic' | 'room' | 'company'>): string {
  return `${reservation.topic?.name ?? reservation.room.name} · ${reservation.company.name}`;
}

/**
 * A Google Calendar "new event" link with the same event the .ics holds: title, times, and the
 * customer's join link in the details and as the place (a video call has no address; never the
 * manage token: it would sit in a calendar others may see).
 */
export function googleCalendarLink(reservation: CustomerReservation, origin: string): string {
  const joinLink = `${origin}${reservation.joinPath}`;
  const details = `${IT_BOOKING.mail.join(LOBBY_RULES.reservationEarlyMs / 60_000)} ${joinLink}`;
  const query = [
    'action=TEMPLATE',
    `text=${encodeURIComponent(appointmentTitle(reservation))}`,
    `dates=${googleInstant(reservation.startsAt)}/${googleInstant(reservation.endsAt)}`,
    `details=${encodeURIComponent(details)}`,
    `location=${encodeURIComponent(joinLink)}`,
  ];
  return `https://calendar.google.com/calendar/render?${query.join('&')}`;
}
