import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { CustomerReservation } from '@incontra/contracts/api/reservations';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { reservation } from '../testing/booking-fixtures';
import { JoinCall } from './join-call';

const J = IT_BOOKING_PAGES.join;
// The fixture's appointment: 10:30–11:00 in Rome on 3 March 2026, its link open from 10:15.
const OPENS_AT = Date.parse('2026-03-03T09:15:00.000Z');
const MINUTE = 60_000;

/** The join button at `now` on a clock the test moves on (Jest's fake timers drive Date and intervals alike). */
function renderAt(now: number, overrides: Partial<CustomerReservation> = {}) {
  jest.useFakeTimers({ now });
  return render(
    <MantineProvider env="test">
      <MemoryRouter>
        <JoinCall reservation={reservation(overrides)} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

const countdown = () => screen.getByTestId('join-countdown');

describe('join call', () => {
  afterEach(() => jest.useRealTimers());

  it.each([
    [2 * 24 * 60 + 5, '2 giorni'],
    [26 * 60, '1 giorno'],
    [3 * 60 + 10, '3 ore'],
    [61, '1 ora'],
    [14, '14 minuti'],
    [0.5, '1 minuto'],
  ])('before the link opens (%s minutes), is disabled and says how long is left: %s', (minutesLeft, wait) => {
    renderAt(OPENS_AT - minutesLeft * MINUTE);
    const button = screen.getByRole('button', { name: J.enter });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(`${J.opensIn(wait)}. ${J.opensBefore(15)}`);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('counts down, and becomes the customer’s join link 15 minutes before the start', () => {
    renderAt(OPENS_AT - 2 * MINUTE);
    expect(countdown()).toHaveTextContent(J.opensIn('2 minuti'));
    act(() => jest.advanceTimersByTime(MINUTE));
    expect(countdown()).toHaveTextContent(J.opensIn('1 minuto'));
    act(() => jest.advanceTimersByTime(MINUTE));
    const link = screen.getByRole('link', { name: J.enter });
    expect(link).toHaveAttribute('href', `/partecipa?appuntamento=${reservation().id}&token=gettone-cliente`);
    expect(screen.queryByTestId('join-countdown')).not.toBeInTheDocument();
  });

  it('stays open until the end, then goes', () => {
    renderAt(Date.parse('2026-03-03T09:59:00.000Z'));
    expect(screen.getByRole('link', { name: J.enter })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(MINUTE));
    expect(screen.queryByTestId('join-call')).not.toBeInTheDocument();
  });

  it('offers nothing for a cancelled appointment', () => {
    renderAt(OPENS_AT + MINUTE, { status: 'cancelled', changeableUntil: null });
    expect(screen.queryByTestId('join-call')).not.toBeInTheDocument();
  });
});
