import type { StaffReservation } from '@incontra/contracts/api/reservations';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { clockText, dayText } from '@incontra/contracts/messages/it-when';

/*
 * An appointment's times as the agenda says them: on the company's clock, wherever the staff
 * member's browser is; the day and the clock are the contracts' (the e-mails' and the visitor's).
 */

type Span = Pick<StaffReservation, 'startsAt' | 'endsAt'>;

/** '10:00–10:30' */
export function timeRangeOf({ startsAt, endsAt }: Span, timeZone: string): string {
  return IT_AGENDA.timeRange(clockText(startsAt, timeZone), clockText(endsAt, timeZone));
}

/** 'lunedì 2 marzo 2026, 10:00–10:30' */
export function whenOf(span: Span, timeZone: string): string {
  return IT_AGENDA.when(dayText(span.startsAt, timeZone), timeRangeOf(span, timeZone));
}

export function topicNameOf(reservation: Pick<StaffReservation, 'topic'>): string {
  return reservation.topic?.name ?? IT_AGENDA.noTopic;
}
