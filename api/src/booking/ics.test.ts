import ICAL from 'ical.js';
import { calendarFile, type CalendarEvent } from './ics';

const EVENT: CalendarEvent = {
  uid: '0b0c1f9e-5d1a-4a57-9d3c-2f0e6b7a8c9d@incontra',
  sequence: 2,
  method: 'REQUEST',
  startsAt: new Date('2026-03-29T08:00:00.000Z'),
  endsAt: new Date('2026-03-29T08:30:00.000Z'),
  stamp: new Date('2026-03-20T10:15:30.000Z'),
  summary: 'Consulenza prodotto · Demo, Milano; sede',
  location: 'Milano Centro, Via Dante 12, 20121 Milano',
  description: 'Per collegarti:\nhttp://demo.localhost:3000/partecipa?appuntamento=0b0c1f9e',
  url: 'http://demo.localhost:3000/partecipa?appuntamento=0b0c1f9e',
  organizer: { name: 'Demo "Italia"', email: 'no-reply@incontra.local' },
  attendee: { name: 'Mario Rossi', email: 'mario@example.it' },
};

function parsed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

describe('calendarFile', () => {
  it('reads back, through a calendar library, as the same event in UTC with its UID and SEQUENCE', () => {
    const { calendar, vevent, event } = parsed(calendarFile(EVENT));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(event.uid).toBe(EVENT.uid);
    expect(event.sequence).toBe(2);
    // 29 March 2026 is the day Rome's clocks go forward: 10:00 there is 08:00Z, written as such.
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(event.startDate.zone.tzid).toBe('UTC');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-03-29T08:30:00.000Z');
    expect(vevent.getFirstPropertyValue('dtstamp')!.toString()).toBe('2026-03-20T10:15:30Z');
    expect(event.summary).toBe(EVENT.summary);
    expect(event.location).toBe(EVENT.location);
    expect(event.description).toBe(EVENT.description);
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(vevent.getFirstProperty('organizer')!.getParameter('cn')).toBe('Demo Italia');
    expect(vevent.getFirstPropertyValue('attendee')).toBe('mailto:mario@example.it');
  });

  it('cancels with METHOD:CANCEL and STATUS:CANCELLED', () => {
    const { calendar, vevent } = parsed(calendarFile({ ...EVENT, method: 'CANCEL', sequence: 3 }));
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(vevent.getFirstPropertyValue('sequence')).toBe(3);
  });

  it('ends every line with CRLF and folds lines over 75 octets without splitting a character', () => {
    const text = calendarFile({ ...EVENT, description: `${'è'.repeat(80)} fine` });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(parsed(text).event.description).toBe(`${'è'.repeat(80)} fine`);
  });
});

/** Every character some reader takes for the end of a line, though RFC 5545 lines end with CRLF only. */
const LINE_BREAKS = ['\r\n', '\r', '\n', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029'];
const ANY_LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;

describe('calendarFile and line breaks inside its texts', () => {
  // A name typed with a line separator (pasted from a document) in every text of the event.
  const broken = (label: string) => LINE_BREAKS.map((separator, index) => `${label}${index}${separator}`).join('') + 'fine';
  const event = {
    ...EVENT,
    summary: broken('s'),
    location: broken('l'),
    description: broken('d'),
    attendee: { name: `Mario${'\u2028'}Rossi\u0085`, email: 'mario@example.it' },
  };

  it('writes every property on lines of its own, whichever separator a reader breaks at', () => {
    const file = calendarFile(event);
    // Broken at every separator, as a lax reader would: each piece is still a property or a fold.
    const lines = file.split(ANY_LINE_BREAK).filter((line) => line !== '');
    expect(file.split('\r\n').filter((line) => line !== '')).toEqual(lines);
    for (const line of lines) expect(line).toMatch(/^( |[A-Z-]+[;:])/);
  });

  it('keeps each break as an escaped new line that a calendar library reads back', () => {
    const { event: read, vevent } = parsed(calendarFile(event));
    const expected = (label: string) => LINE_BREAKS.map((_separator, index) => `${label}${index}\n`).join('') + 'fine';
    expect(read.summary).toBe(expected('s'));
    expect(read.location).toBe(expected('l'));
    expect(read.description).toBe(expected('d'));
    expect(vevent.getFirstProperty('attendee')!.getParameter('cn')).toBe('MarioRossi');
  });

  it('drops the other control characters TEXT may not hold, and keeps a tab', () => {
    const { event: read } = parsed(calendarFile({ ...EVENT, summary: 'a\u0000b\u0007c\u001bd\u007fe\u009ff\tg' }));
    expect(read.summary).toBe('abcdef\tg');
  });
});
