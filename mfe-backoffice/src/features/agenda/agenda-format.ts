import type { StaffReservation } from '@incontra/contracts/api/reservations';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { dateOfInstant } from '@incontra/mfe-kit/dates/calendar-dates';
import { formatClock } from '@incontra/mfe-kit/format/format-clock';
import { formatDay } from '@incontra/mfe-kit/format/format-day';

/*
 * An appointment's times as the agenda says them: on the company's clock, wherever the staff
 * member's browser is.
 */

type Span = Pick<StaffReservation, 'startsAt' | 'endsAt'>;

/** '10:00–10:30' */
export function timeRangeOf({ startsAt, endsAt }: Span, timeZone: string): string {
  return IT_AGENDA.timeRange(formatClock(startsAt, timeZone), formatClock(endsAt, timeZone));
}

/** 'lunedì 2 marzo 2026, 10:00–10:30' */
export function whenOf(span: Span, timeZone: string): string {
  return IT_AGENDA.when(formatDay(dateOfInstant(span.startsAt, timeZone)), timeRangeOf(span, timeZone));
}

/** 'lunedì 2 marzo 2026, 10:00': a start alone (a free time chosen). */
export function startWhen(startsAt: string, timeZone: string): string {
  return IT_AGENDA.when(formatDay(dateOfInstant(startsAt, timeZone)), formatClock(startsAt, timeZone));
}

export function topicNameOf(reservation: Pick<StaffReservation, 'topic'>): string {
  return reservation.topic?.name ?? IT_AGENDA.noTopic;
}
