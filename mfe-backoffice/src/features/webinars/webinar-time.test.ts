import { instantInZone, momentText, wallTimeOf, webinarWhen } from './webinar-time';

describe('a webinar’s times on the company’s clock', () => {
  it('turns a date and a time in the zone into the instant, in winter and in summer', () => {
    expect(instantInZone('2026-03-03', '18:30', 'Europe/Rome')).toBe('2026-03-03T17:30:00.000Z');
    expect(instantInZone('2026-07-01', '18:30', 'Europe/Rome')).toBe('2026-07-01T16:30:00.000Z');
    expect(instantInZone('2026-07-01', '00:15', 'Europe/Rome')).toBe('2026-06-30T22:15:00.000Z');
    expect(instantInZone('2026-07-01', '18:30', 'America/New_York')).toBe('2026-07-01T22:30:00.000Z');
  });

  it('has no instant for the hour the clocks skip, and takes the first of the hour they repeat', () => {
    expect(instantInZone('2026-03-29', '02:30', 'Europe/Rome')).toBeNull();
    expect(instantInZone('2026-03-29', '03:00', 'Europe/Rome')).toBe('2026-03-29T01:00:00.000Z');
    expect(instantInZone('2026-10-25', '02:30', 'Europe/Rome')).toBe('2026-10-25T00:30:00.000Z');
    expect(instantInZone('2026-10-25', '03:30', 'Europe/Rome')).toBe('2026-10-25T02:30:00.000Z');
  });

  it('reads a saved start back as the zone’s date and clock', () => {
    expect(wallTimeOf('2026-06-30T22:15:00.000Z', 'Europe/Rome')).toEqual({ date: '2026-07-01', time: '00:15' });
    expect(wallTimeOf('2026-03-03T17:30:00.000Z', 'Europe/Rome')).toEqual({ date: '2026-03-03', time: '18:30' });
  });

  it('says when a webinar runs, and a moment, as Italians write them', () => {
    expect(webinarWhen({ startsAt: '2026-03-03T17:30:00.000Z', endsAt: '2026-03-03T18:30:00.000Z' }, 'Europe/Rome')).toBe('03/03/2026, 18:30–19:30');
    expect(momentText('2026-03-01T08:05:00.000Z', 'Europe/Rome')).toBe('01/03/2026, 09:05');
  });
});
