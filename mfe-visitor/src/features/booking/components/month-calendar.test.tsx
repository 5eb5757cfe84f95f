import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { MonthCalendar } from './month-calendar';

const FREE = new Set(['2026-03-03', '2026-03-05', '2026-03-12', '2026-03-31', '2026-04-02']);

function Calendar({ onSelect = jest.fn() }: { onSelect?: (date: string) => void }) {
  const [month, setMonth] = useState('2026-03');
  return (
    <MantineProvider env="test">
      <MonthCalendar
        month={month}
        firstMonth="2026-03"
        lastMonth="2026-04"
        onMonthChange={setMonth}
        freeDates={FREE}
        selected={null}
        onSelect={onSelect}
        today="2026-03-02"
      />
    </MantineProvider>
  );
}

const day = (name: string) => screen.getByRole('button', { name });

describe('month calendar', () => {
  it('lays the month out from Monday, naming each day in full, the free ones alone enabled', () => {
    render(<Calendar />);
    expect(screen.getByText('marzo 2026')).toBeInTheDocument();
    const firstWeek = screen.getAllByRole('row')[1]!;
    // 1 March 2026 is a Sunday: six empty cells before it.
    expect(firstWeek.querySelectorAll('button')).toHaveLength(1);
    expect(day('domenica 1 marzo 2026')).toBeDisabled();
    expect(day('lunedì 2 marzo 2026')).toHaveAttribute('aria-current', 'date');
    expect(day('martedì 3 marzo 2026')).toBeEnabled();
    const enabled = within(screen.getByRole('table', { name: 'marzo 2026' }))
      .getAllByRole('button')
      .filter((button) => !(button as HTMLButtonElement).disabled);
    expect(enabled.map((button) => button.textContent)).toEqual(['3', '5', '12', '31']);
    expect(screen.getByRole('button', { name: IT_BOOKING_PAGES.slot.previousMonth })).toBeDisabled();
  });

  it('is one tab stop, walked with the arrow keys over the free days', async () => {
    const user = userEvent.setup();
    const onSelect = jest.fn();
    render(<Calendar onSelect={onSelect} />);
    await user.tab();
    await user.tab();
    expect(day('martedì 3 marzo 2026')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(day('giovedì 5 marzo 2026')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(day('giovedì 12 marzo 2026')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(day('giovedì 5 marzo 2026')).toHaveFocus();
    await user.keyboard('{End}');
    expect(day('martedì 31 marzo 2026')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(day('martedì 3 marzo 2026')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('2026-03-03');

    await user.keyboard('{PageDown}');
    expect(await screen.findByText('aprile 2026')).toBeInTheDocument();
    expect(day('giovedì 2 aprile 2026')).toHaveFocus();
    expect(screen.getByRole('button', { name: IT_BOOKING_PAGES.slot.nextMonth })).toBeDisabled();
  });
});
