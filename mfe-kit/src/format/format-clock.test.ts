import { formatClock } from './format-clock';

describe('formatClock', () => {
  it('reads an instant on the zone’s clock, 24-hour, in winter and in summer', () => {
    expect(formatClock('2026-03-02T09:30:00.000Z', 'Europe/Rome')).toBe('10:30');
    expect(formatClock('2026-07-02T09:30:00.000Z', 'Europe/Rome')).toBe('11:30');
    expect(formatClock('2026-07-02T00:05:00.000Z', 'UTC')).toBe('00:05');
  });
});
