import { LOBBY_RULES } from '@incontra/contracts/api/join-requests';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { checkReservationWindow } from './reservations';

const startsAt = new Date('2026-03-02T10:00:00Z');
const endsAt = new Date('2026-03-02T10:30:00Z');
const at = (offsetMs: number) => new Date(startsAt.getTime() + offsetMs);
const window = { startsAt, endsAt, cancelledAt: null };

/** 'open', or the refusal's message. */
function verdict(reservation: Parameters<typeof checkReservationWindow>[0], now: Date): string {
  try {
    checkReservationWindow(reservation, now);
    return 'open';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('a reservation’s join window', () => {
  it('opens exactly 15 minutes before the start and stays open until the end', () => {
    expect(() => checkReservationWindow(window, at(-LOBBY_RULES.reservationEarlyMs - 1))).toThrow(IT_LOBBY.errors.reservationTooEarly);
    expect(verdict(window, at(-LOBBY_RULES.reservationEarlyMs))).toBe('open');
    expect(verdict(window, at(29 * 60_000))).toBe('open');
    expect(() => checkReservationWindow(window, endsAt)).toThrow(IT_LOBBY.errors.reservationOver);
  });

  it('is closed for good once the reservation is cancelled', () => {
    expect(() => checkReservationWindow({ ...window, cancelledAt: at(-3_600_000) }, at(0))).toThrow(IT_LOBBY.errors.reservationOver);
  });
});
