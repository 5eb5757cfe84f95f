import type { TimeRange } from '@incontra/contracts/api/room-management';
import { freeSlots, type FreeSlotQuery, type HeldPlace, type RoomSchedule } from './free-slots';

const ROME = 'Europe/Rome';
const range = (start: string, end: string): TimeRange => ({ start, end });

/** A room open on every weekday with `ranges`, unless `weekly` says otherwise. */
function room(roomId: string, options: Partial<Omit<RoomSchedule, 'roomId'>> & { ranges?: TimeRange[] } = {}): RoomSchedule {
  const { ranges = [range('09:00', '12:00')], ...rest } = options;
  return {
    roomId,
    slotDuration: 30,
    capacity: 1,
    weekly: new Map([1, 2, 3, 4, 5, 6, 7].map((weekday) => [weekday, ranges])),
    exceptions: new Map(),
    ...rest,
  };
}

/** Asked on a Monday morning (2026-06-01, 07:00 in Rome) for that one day, no notice, a 60-day horizon. */
function query(overrides: Partial<FreeSlotQuery> = {}): FreeSlotQuery {
  return { timeZone: ROME, from: '2026-06-01', to: '2026-06-01', now: new Date('2026-06-01T05:00:00Z'), minNoticeMinutes: 0, horizonDays: 60, ...overrides };
}

const timesOf = (schedules: RoomSchedule[], held: HeldPlace[] = [], q: FreeSlotQuery = query()) =>
  freeSlots(schedules, held, q).flatMap((day) => day.slots.map((slot) => `${day.date} ${slot.time}`));

const held = (roomId: string, seat: number, startsAt: string, endsAt: string): HeldPlace => ({
  roomId,
  seat,
  startsAt: new Date(startsAt),
  endsAt: new Date(endsAt),
});

describe('free appointment starts', () => {
  it("cut each range into the room's appointments, the last one ending by the range's end", () => {
    const sala = room('sala', { slotDuration: 25, ranges: [range('09:00', '10:00'), range('15:00', '15:50')] });
    expect(timesOf([sala])).toEqual(['2026-06-01 09:00', '2026-06-01 09:25', '2026-06-01 15:00', '2026-06-01 15:25']);
  });

  it('give the instant of each start in the zone, and the rooms and places free there', () => {
    expect(freeSlots([room('sala', { capacity: 3, ranges: [range('09:00', '09:30')] })], [], query())).toEqual([
      { date: '2026-06-01', slots: [{ startsAt: '2026-06-01T07:00:00.000Z', time: '09:00', remaining: 3, roomIds: ['sala'] }] },
    ]);
  });

  it("follow a date's exception instead of its weekday: closed, or other hours", () => {
    const sala = room('sala', {
      exceptions: new Map([
        ['2026-06-02', []],
        ['2026-06-03', [range('14:00', '15:00')]],
      ]),
    });
    const days = freeSlots([sala], [], query({ from: '2026-06-01', to: '2026-06-03' }));
    expect(days.map((day) => [day.date, day.slots.map((slot) => slot.time)])).toEqual([
      ['2026-06-01', ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']],
      ['2026-06-02', []],
      ['2026-06-03', ['14:00', '14:30']],
    ]);
  });

  it('are closed on the weekdays without ranges', () => {
    const weekdaysOnly = room('sala', { weekly: new Map([1, 2, 3, 4, 5].map((weekday) => [weekday, [range('09:00', '10:00')]])) });
    // 2026-06-06 and 07 are a Saturday and a Sunday.
    const days = freeSlots([weekdaysOnly], [], query({ from: '2026-06-05', to: '2026-06-08' }));
    expect(days.map((day) => [day.date, day.slots.length])).toEqual([
      ['2026-06-05', 2],
      ['2026-06-06', 0],
      ['2026-06-07', 0],
      ['2026-06-08', 2],
    ]);
  });

  it('start no sooner than the minimum notice', () => {
    // 10:10 in Rome, two hours' notice: 12:10 is the earliest start, so 12:30 is the first.
    const q = query({ now: new Date('2026-06-01T08:10:00Z'), minNoticeMinutes: 120 });
    expect(timesOf([room('sala', { ranges: [range('09:00', '14:00')] })], [], q)).toEqual(['2026-06-01 12:30', '2026-06-01 13:00', '2026-06-01 13:30']);
  });

  it('exist only from today to the end of the horizon', () => {
    const q = query({ from: '2026-05-31', to: '2026-06-04', horizonDays: 3 });
    expect(freeSlots([room('sala', { ranges: [range('09:00', '09:30')] })], [], q).map((day) => [day.date, day.slots.length])).toEqual([
      ['2026-05-31', 0],
      ['2026-06-01', 1],
      ['2026-06-02', 1],
      ['2026-06-03', 1],
      ['2026-06-04', 0],
    ]);
  });

  it("count the places held over the appointment's period, whatever its start", () => {
    const sala = room('sala', { capacity: 2, ranges: [range('09:00', '10:30')] });
    const places = [
      held('sala', 1, '2026-06-01T07:00:00Z', '2026-06-01T07:30:00Z'), // 09:00–09:30
      held('sala', 2, '2026-06-01T07:00:00Z', '2026-06-01T07:30:00Z'), // 09:00–09:30
      held('sala', 1, '2026-06-01T07:45:00Z', '2026-06-01T08:15:00Z'), // 09:45–10:15 (an older duration)
      held('other', 1, '2026-06-01T08:00:00Z', '2026-06-01T08:30:00Z'),
    ];
    const [day] = freeSlots([sala], places, query());
    expect(day!.slots.map((slot) => [slot.time, slot.remaining])).toEqual([
      ['09:30', 1],
      ['10:00', 1],
    ]);
  });

  it('add up the rooms serving a topic on one grid, the longest appointment apart, and skip a room that takes no appointments', () => {
    const a = room('a', { slotDuration: 30, ranges: [range('09:00', '10:00')] });
    const b = room('b', { slotDuration: 20, capacity: 2, ranges: [range('09:00', '10:00')] });
    const none = room('none', { capacity: 0, slotDuration: 60 });
    const [day] = freeSlots([a, b, none], [held('a', 1, '2026-06-01T07:00:00Z', '2026-06-01T07:30:00Z')], query());
    expect(day!.slots.map((slot) => [slot.time, slot.remaining, slot.roomIds])).toEqual([
      ['09:00', 2, ['b']],
      ['09:30', 3, ['a', 'b']],
    ]);
  });

  it('hold a shorter room’s place over its own length only: a 20-minute appointment at 09:00 leaves 09:30 free', () => {
    const b = room('b', { slotDuration: 20, ranges: [range('09:00', '10:00')] });
    const a = room('a', { slotDuration: 30, ranges: [range('09:00', '10:00')] });
    const [day] = freeSlots([a, b], [held('b', 1, '2026-06-01T07:00:00Z', '2026-06-01T07:20:00Z')], query());
    expect(day!.slots.map((slot) => [slot.time, slot.roomIds])).toEqual([
      ['09:00', ['a']],
      ['09:30', ['a', 'b']],
    ]);
  });

  describe('across the 2026 clock changes in Europe/Rome', () => {
    const allDay = room('sala', { slotDuration: 60, ranges: [range('00:00', '24:00')] });
    const onDay = (date: string) => freeSlots([allDay], [], query({ from: date, to: date, now: new Date('2026-01-01T00:00:00Z'), horizonDays: 366 }))[0]!.slots;

    it('keep 09:00 at 09:00: 08:00Z in winter, 07:00Z in summer', () => {
      const nine = (date: string) => onDay(date).find((slot) => slot.time === '09:00')?.startsAt;
      expect(nine('2026-03-28')).toBe('2026-03-28T08:00:00.000Z');
      expect(nine('2026-03-30')).toBe('2026-03-30T07:00:00.000Z');
      expect(nine('2026-10-24')).toBe('2026-10-24T07:00:00.000Z');
      expect(nine('2026-10-26')).toBe('2026-10-26T08:00:00.000Z');
    });

    it('skip the hour that does not exist on 29 March, and double nothing', () => {
      const slots = onDay('2026-03-29');
      expect(slots.map((slot) => slot.time)).toEqual(['00', '01', ...Array.from({ length: 21 }, (_, index) => pad(index + 3))].map((hour) => `${hour}:00`));
      expect(new Set(slots.map((slot) => slot.startsAt)).size).toBe(23);
      expect(slots.find((slot) => slot.time === '03:00')?.startsAt).toBe('2026-03-29T01:00:00.000Z');
    });

    it('have the repeated hour of 25 October once, at its first occurrence', () => {
      const slots = onDay('2026-10-25');
      expect(slots.map((slot) => slot.time)).toEqual(Array.from({ length: 24 }, (_, index) => `${pad(index)}:00`));
      expect(new Set(slots.map((slot) => slot.startsAt)).size).toBe(24);
      expect(slots.find((slot) => slot.time === '02:00')?.startsAt).toBe('2026-10-25T00:00:00.000Z');
      expect(slots.find((slot) => slot.time === '03:00')?.startsAt).toBe('2026-10-25T02:00:00.000Z');
    });
  });
});

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

describe('the walk over the days asked for', () => {
  it('ends at the last day even past year 9999, where the next date sorts before it as text', () => {
    const days = freeSlots([room('sala')], [], query({ from: '9999-12-29', to: '9999-12-31' }));
    expect(days.map((day) => day.date)).toEqual(['9999-12-29', '9999-12-30', '9999-12-31']);
    expect(days.every((day) => day.slots.length === 0)).toBe(true);
  });

  it('refuses a span longer than it ever walks, before any work', () => {
    expect(() => freeSlots([room('sala')], [], query({ from: '2026-06-01', to: '2036-06-01' }))).toThrow(RangeError);
  });
});
