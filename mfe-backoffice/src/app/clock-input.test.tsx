import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { ClockInput, parseClock, stepClock } from './clock-input';
import { renderWithProviders } from './management/test-utils';

const LABEL = 'Lunedì, fascia 1: inizio';

/** The field as a form holds it: the value it shows is the one it was given back. */
function Field({ initial, onValue }: { initial: string; onValue?: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <ClockInput
      aria-label={LABEL}
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

const field = () => screen.getByRole('textbox', { name: LABEL });

describe('parseClock', () => {
  it.each([
    ['09:00', '09:00'],
    ['9', '09:00'],
    ['9:30', '09:30'],
    ['930', '09:30'],
    ['0930', '09:30'],
    ['9.30', '09:30'],
    ['14,30', '14:30'],
    [' 14:30 ', '14:30'],
    ['00:00', '00:00'],
    ['24', '24:00'],
    ['24:00', '24:00'],
  ])('reads «%s» as %s', (typed, time) => expect(parseClock(typed)).toBe(time));

  it.each(['', '24:05', '25:00', '9:60', '9:3', 'nove', '2:30 PM', '09:00 AM', '12345'])('reads «%s» as no time', (typed) => {
    expect(parseClock(typed)).toBeNull();
  });
});

describe('stepClock', () => {
  it('moves by the step on its grid, snapping a time off the grid first, across midnight', () => {
    expect(stepClock('09:00', 5)).toBe('09:05');
    expect(stepClock('09:00', -5)).toBe('08:55');
    expect(stepClock('09:02', 5)).toBe('09:05');
    expect(stepClock('09:02', -5)).toBe('09:00');
    expect(stepClock('23:55', 5)).toBe('00:00');
    expect(stepClock('00:00', -5)).toBe('23:55');
    expect(stepClock('24:00', -5)).toBe('23:55');
    expect(stepClock('09:30', 60, 5)).toBe('10:30');
    expect(stepClock('09:32', -60, 5)).toBe('09:30');
  });
});

describe('ClockInput', () => {
  it('is a labelled text field showing the time in 24 hours, with its format told to screen readers', () => {
    renderWithProviders(<Field initial="14:30" />);
    expect(field()).toHaveValue('14:30');
    expect(field()).toHaveAttribute('type', 'text');
    expect(field()).toHaveAttribute('inputmode', 'numeric');
    expect(field()).toHaveAccessibleDescription(IT_BACKOFFICE.clockField.hint(5));
  });

  it('takes a time typed in 24 hours and writes it out on leaving the field', async () => {
    const values: string[] = [];
    renderWithProviders(<Field initial="09:00" onValue={(value) => values.push(value)} />);
    await userEvent.clear(field());
    await userEvent.type(field(), '1430');
    expect(field()).toHaveValue('1430');
    await userEvent.tab();
    expect(field()).toHaveValue('14:30');
    expect(values.at(-1)).toBe('14:30');

    await userEvent.clear(field());
    await userEvent.type(field(), '9');
    await userEvent.tab();
    expect(field()).toHaveValue('09:00');
  });

  it('leaves what is not a time as typed, for the form to say what is wrong', async () => {
    renderWithProviders(<Field initial="09:00" />);
    await userEvent.clear(field());
    await userEvent.type(field(), '25:00');
    await userEvent.tab();
    expect(field()).toHaveValue('25:00');
    await userEvent.click(field());
    await userEvent.keyboard('{ArrowUp}');
    expect(field()).toHaveValue('25:00');
  });

  it('moves by 5 minutes with the arrow keys and by an hour with Page Up and Page Down', async () => {
    renderWithProviders(<Field initial="09:00" />);
    await userEvent.click(field());
    await userEvent.keyboard('{ArrowUp}');
    expect(field()).toHaveValue('09:05');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(field()).toHaveValue('08:55');
    await userEvent.keyboard('{PageUp}');
    expect(field()).toHaveValue('09:55');
    await userEvent.keyboard('{PageDown}{PageDown}');
    expect(field()).toHaveValue('07:55');
  });
});
