/*
 * An appointment as an iCalendar object (RFC 5545), sent with its e-mails. Times are UTC
 * instants ("…Z"): exact in any calendar, whatever the zones of the company and of the reader.
 * The UID stays the reservation's for its whole life and SEQUENCE rises on every change, so a
 * calendar that received the confirmation replaces the event on a move and drops it on a
 * cancellation (METHOD:CANCEL, RFC 5546).
 */

export interface CalendarEvent {
  uid: string;
  sequence: number;
  /** REQUEST and CANCEL travel with the e-mails (RFC 5546); PUBLISH is the file a page offers to download. */
  method: 'REQUEST' | 'CANCEL' | 'PUBLISH';
  startsAt: Date;
  endsAt: Date;
  /** When this version was made (DTSTAMP). */
  stamp: Date;
  summary: string;
  location: string;
  description: string;
  /** The join link; absent for a participant whose link is not at hand (a move's e-mail). */
  url?: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

const CRLF = '\r\n';
const LINE_OCTETS = 75;

/** 20260302T090000Z */
function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/**
 * Every way a text can say "new line": CRLF, CR, LF, and the ones a reader may also break a line
 * at although RFC 5545 lines end with CRLF only (VT, FF, NEL U+0085, LINE and PARAGRAPH SEPARATOR
 * U+2028/U+2029). Written raw, any of them could end the property's line early in some calendar,
 * and what follows would be read as a property of its own.
 */
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;
/** Control characters TEXT may not hold (3.3.11: TSAFE-CHAR), tab excepted; line breaks are handled before. */
const CONTROL = /[^\P{Cc}\t]/gu;

/** TEXT values: backslash, semicolon, comma and every line break escaped (3.3.11), other controls dropped. */
function text(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(LINE_BREAK, '\\n').replace(CONTROL, '');
}

/** A parameter value (CN): quoted, with what it cannot hold taken out (3.2): double quotes, controls, line separators. */
function param(value: string): string {
  return `"${value.replace(/["\p{Cc}\p{Zl}\p{Zp}]/gu, '')}"`;
}

/** Lines longer than 75 octets folded (3.1), never inside a UTF-8 character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character);
    const limit = parts.length === 0 ? LINE_OCTETS : LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

export function calendarFile(event: CalendarEvent): string {
  const cancelled = event.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Incontra//Prenotazioni//IT',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART:${utcStamp(event.startsAt)}`,
    `DTEND:${utcStamp(event.endsAt)}`,
    `SUMMARY:${text(event.summary)}`,
    `LOCATION:${text(event.location)}`,
    `DESCRIPTION:${text(event.description)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `ORGANIZER;CN=${param(event.organizer.name)}:mailto:${event.organizer.email}`,
    ...(event.method === 'PUBLISH'
      ? []
      : [`ATTENDEE;CN=${param(event.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=${cancelled ? 'DECLINED' : 'ACCEPTED'}:mailto:${event.attendee.email}`]),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join(CRLF) + CRLF;
}
