import type { WebinarRegistrationList } from '@incontra/contracts/api/webinars';
import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';
import { momentText } from '../webinar-time';

/*
 * A webinar's registrants as a CSV that a spreadsheet set to Italian opens with a double click
 * (the agenda's conventions): `;` between fields, a UTF-8 byte order mark (accents stay readable),
 * CRLF line ends, every field quoted with its quotes doubled.
 */

const TEXT = IT_WEBINAR_BACKOFFICE.registrations;
const SEPARATOR = ';';
const LINE_END = '\r\n';
const BYTE_ORDER_MARK = '\uFEFF';

/** A spreadsheet runs a cell starting like this as a formula; visitors type their own names. */
const FORMULA_START = /^[=+\-@\t\r]/;

type Registration = WebinarRegistrationList['registrations'][number];

/** One field: quoted, its quotes doubled, a would-be formula turned into text by a leading apostrophe. */
export function csvField(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

/** A registration's fields, in the order of the headers; its moments on the company's clock. */
export function registrationRow(registration: Registration, timeZone: string): string[] {
  return [
    registration.firstName,
    registration.lastName,
    registration.email,
    momentText(registration.registeredAt, timeZone),
    TEXT.statuses[registration.status],
    registration.cancelledAt ? momentText(registration.cancelledAt, timeZone) : '',
  ];
}

/** The whole file: the byte order mark, the header row, a registration a row (as listed: oldest first). */
export function buildRegistrationsCsv(registrations: readonly Registration[], timeZone: string): string {
  const rows = [TEXT.csv.headers, ...registrations.map((registration) => registrationRow(registration, timeZone))];
  return BYTE_ORDER_MARK + rows.map((fields) => fields.map(csvField).join(SEPARATOR) + LINE_END).join('');
}
