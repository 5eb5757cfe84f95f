import type { StaffReservation } from '@incontra/contracts/api/reservations';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { dateOfInstant } from '@incontra/mfe-kit/dates/calendar-dates';
import { formatClock } from '@incontra/mfe-kit/format/format-clock';
import { formatNumericDay } from '@incontra/mfe-kit/format/format-day';

/*
 * The agenda's CSV, as a spreadsheet set to Italian opens it with a double click: `;` between
 * fields (the comma is the decimal separator there), a UTF-8 byte order mark (without it accents
 * come out garbled), CRLF line ends, every field quoted with its quotes doubled (a note may hold
 * any of ; " and line breaks).
 */

const SEPARATOR = ';';
const LINE_END = '\r\n';
const BYTE_ORDER_MARK = '\uFEFF';

/** A spreadsheet runs a cell that starts like this as a formula: customers type names and notes. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** ...but a phone number (+39 333 123 4567) is only a number, harmless and worth keeping readable. */
const NUMBER_LIKE = /^[+-]?[\d ]+$/;

/** One field: quoted, its quotes doubled, a would-be formula turned into text by a leading apostrophe. */
export function csvField(value: string): string {
  const text = FORMULA_START.test(value) && !NUMBER_LIKE.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

/** An appointment's fields, in the order of IT_AGENDA.csv.headers; dates and times on the company's clock. */
export function csvRowOf(reservation: StaffReservation, timeZone: string): string[] {
  return [
    formatNumericDay(dateOfInstant(reservation.startsAt, timeZone)),
    formatClock(reservation.startsAt, timeZone),
    formatClock(reservation.endsAt, timeZone),
    reservation.store.name,
    reservation.room.name,
    reservation.topic?.name ?? '',
    reservation.customer.name,
    reservation.customer.email ?? '',
    reservation.customer.phone ?? '',
    IT_AGENDA.statuses[reservation.status],
    reservation.customer.notes ?? '',
    reservation.bookedByStaff ? IT_AGENDA.csv.yes : IT_AGENDA.csv.no,
  ];
}

/** The whole file: the byte order mark, the header row, an appointment a row. */
export function buildAgendaCsv(reservations: readonly StaffReservation[], timeZone: string): string {
  const rows = [IT_AGENDA.csv.headers, ...reservations.map((reservation) => csvRowOf(reservation, timeZone))];
  return BYTE_ORDER_MARK + rows.map((fields) => fields.map(csvField).join(SEPARATOR) + LINE_END).join('');
}
