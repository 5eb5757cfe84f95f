import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { ROUTES } from '@incontra/contracts/routes';
import type { MailMessage } from '../mail/mail-transport';
import type { BookingBreakerConfig } from './breaker';

const M = IT_BOOKING.confirmationMail;

/** The page that confirms a waiting booking: `/prenota/conferma?richiesta={id}&token={token}`. */
export function confirmationPath(id: string, token: string): string {
  return `${ROUTES.booking}/conferma?${new URLSearchParams({ richiesta: id, token }).toString()}`;
}

/** To the customer: the link that books it, valid `minutes`. */
export function confirmationRequestMail(to: { name: string; email: string }, company: string, when: string, minutes: number, link: string): MailMessage {
  return { to: to.email, subject: M.subject(company, when), text: M.text(to.name, company, when, minutes, link) };
}

/** To the store's staff, once per trip: many bookings in little time, confirmation by e-mail is on. */
export function breakerTrippedMail(to: string, store: string, config: BookingBreakerConfig): MailMessage {
  return {
    to,
    subject: M.staffSubject(store),
    text: M.staffText(store, config.bookingsPerWindow, Math.round(config.windowMs / 60_000), Math.round(config.holdMs / 60_000)),
  };
}
