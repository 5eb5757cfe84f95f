import { formatActivityTime } from './activity-time';

describe('formatActivityTime', () => {
  it('writes day, month, year and time the Italian way, in the given zone, microseconds ignored', () => {
    expect(formatActivityTime('2026-02-28T12:00:05.123456Z', 'Europe/Rome')).toBe('28/02/2026, 13:00:05');
    expect(formatActivityTime('2026-07-01T22:30:00.000000Z', 'Europe/Rome')).toBe('02/07/2026, 00:30:00');
    expect(formatActivityTime('2026-07-01T22:30:00.000000Z', 'UTC')).toBe('01/07/2026, 22:30:00');
  });
});
