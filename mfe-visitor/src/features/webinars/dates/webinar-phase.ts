import type { PublicWebinar, WebinarRegistration } from '@incontra/contracts/api/webinars';

/** Why a webinar's page offers no registration form. */
export type ClosedReason = 'cancelled' | 'ended' | 'started' | 'full' | 'other';

/** A published webinar staff never started is over once its scheduled end has passed (the API's join says the same). */
function isOver(webinar: PublicWebinar, now: number): boolean {
  return webinar.status === 'ended' || (webinar.status === 'published' && now >= Date.parse(webinar.endsAt));
}

/**
 * Null while a visitor may register; otherwise the reason, most final first. The API's
 * `registrationOpen` was true when it answered: the clock is read again, so that a page left open
 * past the start closes the form instead of meeting a 409.
 */
export function closedReason(webinar: PublicWebinar, now: number): ClosedReason | null {
  if (webinar.status === 'cancelled') return 'cancelled';
  if (isOver(webinar, now)) return 'ended';
  if (webinar.status === 'live' || now >= Date.parse(webinar.startsAt)) return 'started';
  if (webinar.seatsLeft <= 0) return 'full';
  return webinar.registrationOpen ? null : 'other';
}

/** Where a registration stands for its registrant: what the page says and offers. */
export type RegistrationPhase = 'registrationCancelled' | 'webinarCancelled' | 'ended' | 'waiting' | 'joinOpen';

export function registrationPhase({ status, webinar }: WebinarRegistration, now: number): RegistrationPhase {
  if (status === 'cancelled') return 'registrationCancelled';
  if (webinar.status === 'cancelled') return 'webinarCancelled';
  if (isOver(webinar, now)) return 'ended';
  if (webinar.status === 'live' || now >= Date.parse(webinar.joinOpensAt)) return 'joinOpen';
  return 'waiting';
}

/** The registrant may still give the seat back: the API refuses once the webinar is live or over. */
export function isCancellable(registration: WebinarRegistration, now: number): boolean {
  return registration.status === 'registered' && registration.webinar.status === 'published' && !isOver(registration.webinar, now);
}
