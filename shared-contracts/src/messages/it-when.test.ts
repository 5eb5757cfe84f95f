import { whenSentence, clockText, dayText, lengthText, minutesBetween, whenText } from './it-when';

const ROME = 'Europe/Rome';

describe('the Italian "when" of an appointment', () => {
  it('says day, time, length and time zone in one sentence, on the company clock', () => {
    expect(whenSentence({ startsAt: '2026-10-26T09:30:00.000Z', endsAt: '2026-10-26T10:00:00.000Z', timeZone: ROME })).toBe(
      'lunedì 26 ottobre 2026, 10:30 · 30 minuti (fuso orario Europe/Rome)',
    );
    // Summer time: the same 10:30 is 08:30Z.
    expect(whenSentence({ startsAt: '2026-06-01T08:30:00.000Z', endsAt: '2026-06-01T09:15:00.000Z', timeZone: ROME })).toBe(
      'lunedì 1 giugno 2026, 10:30 · 45 minuti (fuso orario Europe/Rome)',
    );
  });

  it('takes an instant as ISO text, Date or milliseconds alike', () => {
    const iso = '2026-03-03T09:30:00.000Z';
    expect(whenText(iso, ROME)).toBe('martedì 3 marzo 2026, 10:30');
    expect(whenText(new Date(iso), ROME)).toBe('martedì 3 marzo 2026, 10:30');
    expect(whenText(Date.parse(iso), ROME)).toBe('martedì 3 marzo 2026, 10:30');
    expect(whenSentence({ startsAt: new Date(iso), endsAt: Date.parse('2026-03-03T10:00:00.000Z'), timeZone: ROME })).toBe(
      'martedì 3 marzo 2026, 10:30 · 30 minuti (fuso orario Europe/Rome)',
    );
  });

  it('on the day the clocks go forward: 01:59 is followed by 03:00, and the length is the real time', () => {
    // Rome, 29 March 2026: at 01:00Z 02:00 CET becomes 03:00 CEST.
    expect(whenText('2026-03-29T00:59:00.000Z', ROME)).toBe('domenica 29 marzo 2026, 01:59');
    expect(whenText('2026-03-29T01:00:00.000Z', ROME)).toBe('domenica 29 marzo 2026, 03:00');
    expect(whenSentence({ startsAt: '2026-03-29T00:30:00.000Z', endsAt: '2026-03-29T01:30:00.000Z', timeZone: ROME })).toBe(
      'domenica 29 marzo 2026, 01:30 · 1 ora (fuso orario Europe/Rome)',
    );
  });

  it('on the day the clocks go back: the repeated hour reads the same twice, each an hour long', () => {
    // Rome, 25 October 2026: at 01:00Z 03:00 CEST becomes 02:00 CET.
    expect(whenText('2026-10-25T00:30:00.000Z', ROME)).toBe('domenica 25 ottobre 2026, 02:30');
    expect(whenText('2026-10-25T01:30:00.000Z', ROME)).toBe('domenica 25 ottobre 2026, 02:30');
    expect(lengthText('2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z')).toBe('1 ora');
    // A day of 25 hours from midnight to midnight.
    expect(minutesBetween('2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z')).toBe(25 * 60);
  });

  it('at midnight: 00:00 of the new day, never 24:00 of the old one', () => {
    expect(whenText('2026-03-01T23:00:00.000Z', ROME)).toBe('lunedì 2 marzo 2026, 00:00');
    // Seconds are dropped, not rounded up into the next day.
    expect(whenText('2026-03-01T22:59:59.999Z', ROME)).toBe('domenica 1 marzo 2026, 23:59');
    expect(whenSentence({ startsAt: '2026-03-01T22:30:00.000Z', endsAt: '2026-03-01T23:30:00.000Z', timeZone: ROME })).toBe(
      'domenica 1 marzo 2026, 23:30 · 1 ora (fuso orario Europe/Rome)',
    );
    expect(clockText('2026-01-01T00:00:00.000Z', 'UTC')).toBe('00:00');
    expect(dayText('2026-01-01T00:00:00.000Z', 'UTC')).toBe('giovedì 1 gennaio 2026');
  });

  it('says lengths in minutes and hours', () => {
    const start = Date.parse('2026-06-01T08:00:00.000Z');
    const lengthOf = (minutes: number) => lengthText(start, start + minutes * 60_000);
    expect(lengthOf(1)).toBe('1 minuto');
    expect(lengthOf(5)).toBe('5 minuti');
    expect(lengthOf(60)).toBe('1 ora');
    expect(lengthOf(61)).toBe('1 ora e 1 minuto');
    expect(lengthOf(90)).toBe('1 ora e 30 minuti');
    expect(lengthOf(120)).toBe('2 ore');
    expect(lengthOf(240)).toBe('4 ore');
  });

  it('reads the clock of zones other than Rome, whole, half and quarter hours off UTC, on both sides of the date line', () => {
    const at = '2026-10-26T12:00:00.000Z';
    const end = '2026-10-26T12:30:00.000Z';
    expect(whenSentence({ startsAt: at, endsAt: end, timeZone: 'UTC' })).toBe('lunedì 26 ottobre 2026, 12:00 · 30 minuti (fuso orario UTC)');
    expect(whenSentence({ startsAt: at, endsAt: end, timeZone: 'America/New_York' })).toBe(
      'lunedì 26 ottobre 2026, 08:00 · 30 minuti (fuso orario America/New_York)',
    );
    expect(whenText(at, 'Asia/Kolkata')).toBe('lunedì 26 ottobre 2026, 17:30');
    expect(whenText(at, 'Asia/Kathmandu')).toBe('lunedì 26 ottobre 2026, 17:45');
    expect(whenText(at, 'Pacific/Kiritimati')).toBe('martedì 27 ottobre 2026, 02:00');
    expect(whenText(at, 'Pacific/Pago_Pago')).toBe('lunedì 26 ottobre 2026, 01:00');
    // New York's clocks go forward on 8 March 2026 at 02:00 (07:00Z).
    expect(whenText('2026-03-08T06:59:00.000Z', 'America/New_York')).toBe('domenica 8 marzo 2026, 01:59');
    expect(whenText('2026-03-08T07:00:00.000Z', 'America/New_York')).toBe('domenica 8 marzo 2026, 03:00');
    // Sydney's go back on 5 April 2026: 03:00 AEDT becomes 02:00 AEST (16:00Z).
    expect(whenText('2026-04-04T15:30:00.000Z', 'Australia/Sydney')).toBe('domenica 5 aprile 2026, 02:30');
    expect(whenText('2026-04-04T16:30:00.000Z', 'Australia/Sydney')).toBe('domenica 5 aprile 2026, 02:30');
  });

  it('refuses a zone that is none rather than writing a wrong or invalid time', () => {
    expect(() => whenText('2026-10-26T12:00:00.000Z', 'Europe/Atlantis')).toThrow(RangeError);
  });
});
