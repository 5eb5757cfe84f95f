import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import type { FreeTime } from '@incontra/mfe-kit/booking/slot-taken';
import { TimeChoice } from './time-choice';

const SLOTS = [
  { startsAt: '2026-03-03T09:00:00.000Z', time: '10:00', remaining: 1 },
  { startsAt: '2026-03-03T09:30:00.000Z', time: '10:30', remaining: 1 },
  { startsAt: '2026-03-03T10:00:00.000Z', time: '11:00', remaining: 1 },
  { startsAt: '2026-03-03T10:30:00.000Z', time: '11:30', remaining: 2 },
];

function Times({ onSelect = jest.fn(), initial = null }: { onSelect?: (slot: FreeTime) => void; initial?: string | null }) {
  const [selected, setSelected] = useState<string | null>(initial);
  return (
    <MantineProvider env="test">
      <button type="button">prima</button>
      <TimeChoice
        date="2026-03-03"
        slots={SLOTS}
        selected={selected}
        onSelect={(slot) => {
          setSelected(slot.startsAt);
          onSelect(slot);
        }}
      />
      <button type="button">dopo</button>
    </MantineProvider>
  );
}

const time = (name: string) => screen.getByRole('radio', { name });

describe('time choice', () => {
  it('is one radio group named by its day', () => {
    render(<Times />);
    const group = screen.getByRole('radiogroup', { name: IT_BOOKING_PAGES.slot.timesOf('martedì 3 marzo 2026') });
    expect(group).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((radio) => radio.textContent)).toEqual(['10:00', '10:30', '11:00', '11:30']);
    expect(screen.getAllByRole('radio').filter((radio) => radio.getAttribute('aria-checked') === 'true')).toHaveLength(0);
  });

  it('is a single tab stop: the first time until one is chosen', async () => {
    const user = userEvent.setup();
    render(<Times />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'prima' })).toHaveFocus();
    await user.tab();
    expect(time('10:00')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'dopo' })).toHaveFocus();
  });

  it('moves with the arrow keys (round the ends), Home and End, and chooses with Space or Enter', async () => {
    const user = userEvent.setup();
    const onSelect = jest.fn();
    render(<Times onSelect={onSelect} />);
    await user.tab();
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(time('10:30')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(time('11:00')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(time('10:30')).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(time('11:30')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(time('10:00')).toHaveFocus();
    await user.keyboard('{End}');
    expect(time('11:30')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(time('10:00')).toHaveFocus();
    // Moving chooses nothing.
    expect(onSelect).not.toHaveBeenCalled();

    await user.keyboard('{ArrowRight}{ArrowRight} ');
    expect(onSelect).toHaveBeenLastCalledWith({ startsAt: SLOTS[2]!.startsAt, date: '2026-03-03', time: '11:00' });
    expect(time('11:00')).toBeChecked();
    await user.keyboard('{ArrowLeft}{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith({ startsAt: SLOTS[1]!.startsAt, date: '2026-03-03', time: '10:30' });
    expect(time('10:30')).toBeChecked();
    expect(time('11:00')).not.toBeChecked();
  });

  it('comes back to the chosen time when tabbed into again', async () => {
    const user = userEvent.setup();
    render(<Times initial={SLOTS[3]!.startsAt} />);
    await user.tab();
    await user.tab();
    expect(time('11:30')).toHaveFocus();
    expect(time('11:30')).toBeChecked();
  });
});
