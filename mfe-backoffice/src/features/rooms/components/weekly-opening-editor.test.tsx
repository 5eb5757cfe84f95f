import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OpeningDay, RoomOpening } from '@incontra/contracts/api/room-management';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderWithProviders } from '../../../app/management/test-utils';
import { WeeklyOpeningEditor } from './weekly-opening-editor';

const TEXT = IT_ROOMS.room;
const ROOM = '3f2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d';
const workday = [
  { start: '09:00', end: '13:00' },
  { start: '14:00', end: '18:00' },
];
const WEEK: OpeningDay[] = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: weekday <= 5 ? workday : [] }));

/** The API: answers the week it was sent (as the server stores it), and keeps the bodies. */
function fakeApi() {
  const bodies: unknown[] = [];
  mockFetch({
    [`POST /api/room/${ROOM}/opening`]: ({ body }) => {
      bodies.push(body);
      const opening: RoomOpening = { timeZone: 'Europe/Rome', weekly: (body as { weekly: OpeningDay[] }).weekly, exceptions: [] };
      return { status: 200, body: opening };
    },
  });
  return bodies;
}

function renderEditor(readOnly = false) {
  return renderWithProviders(<WeeklyOpeningEditor roomId={ROOM} weekly={WEEK} timeZone="Europe/Rome" readOnly={readOnly} />);
}

const day = (name: string) => screen.getByRole('group', { name });
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });

describe('the weekly opening editor', () => {
  it('shows the seven days, Monday first, with their ranges or «Chiuso»', () => {
    fakeApi();
    renderEditor();
    const days = screen.getAllByRole('group').map((group) => document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent);
    expect(days).toEqual(['Lunedì', 'Martedì', 'Mercoledì', 'Giovedì', 'Venerdì', 'Sabato', 'Domenica']);
    expect(input(TEXT.start('Lunedì', 1)).value).toBe('09:00');
    expect(input(TEXT.end('Lunedì', 2)).value).toBe('18:00');
    expect(within(day('Sabato')).getByText(TEXT.closed)).toBeInTheDocument();
    expect(within(day('Lunedì')).queryByText(TEXT.closed)).not.toBeInTheDocument();
  });

  it('adds a range to a closed day and after the last one, and removes one', async () => {
    fakeApi();
    renderEditor();
    await userEvent.click(screen.getByRole('button', { name: TEXT.addRangeTo('Sabato') }));
    expect(input(TEXT.start('Sabato', 1)).value).toBe('09:00');
    expect(input(TEXT.end('Sabato', 1)).value).toBe('13:00');
    expect(within(day('Sabato')).queryByText(TEXT.closed)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: TEXT.addRangeTo('Lunedì') }));
    expect([input(TEXT.start('Lunedì', 3)).value, input(TEXT.end('Lunedì', 3)).value]).toEqual(['18:00', '19:00']);

    await userEvent.click(screen.getByRole('button', { name: TEXT.removeRange('Sabato', 1) }));
    expect(within(day('Sabato')).getByText(TEXT.closed)).toBeInTheDocument();
  });

  it('says as it is typed which ranges of a day overlap, and does not save until they are fixed', async () => {
    const bodies = fakeApi();
    renderEditor();
    type(TEXT.start('Lunedì', 2), '12:00');
    expect(within(day('Lunedì')).getByText('Lunedì: le fasce 09:00–13:00 e 12:00–18:00 si sovrappongono')).toBeInTheDocument();
    expect(input(TEXT.start('Lunedì', 2))).toHaveAccessibleErrorMessage('Lunedì: le fasce 09:00–13:00 e 12:00–18:00 si sovrappongono');
    // The other days are fine.
    expect(within(day('Martedì')).queryByText(/si sovrappongono/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: TEXT.weeklySave }));
    expect(screen.getByRole('alert')).toHaveTextContent(TEXT.weeklyInvalid);
    expect(bodies).toEqual([]);

    type(TEXT.start('Lunedì', 2), '13:00');
    expect(screen.queryByText(/si sovrappongono/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when a range ends before it starts, or a time is missing', () => {
    fakeApi();
    renderEditor();
    type(TEXT.end('Martedì', 1), '08:00');
    expect(within(day('Martedì')).getByText(IT_ROOMS.validation.rangeOrder('09:00', '08:00'))).toBeInTheDocument();
    type(TEXT.end('Martedì', 1), '');
    expect(within(day('Martedì')).getByText(IT_ROOMS.validation.time)).toBeInTheDocument();
  });

  it('copies a day onto the days ticked', async () => {
    fakeApi();
    renderEditor();
    type(TEXT.end('Venerdì', 2), '20:00');
    await userEvent.click(screen.getByRole('button', { name: TEXT.copyLabel('Venerdì') }));
    expect(await screen.findByText(TEXT.copyTitle('Venerdì'))).toBeInTheDocument();
    expect((await screen.findAllByRole('checkbox')).map((box) => box.getAttribute('value'))).toEqual(['0', '1', '2', '3', '5', '6']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sabato' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Lunedì' }));
    await userEvent.click(screen.getByRole('button', { name: TEXT.copyApply }));

    for (const name of ['Sabato', 'Lunedì']) {
      expect([1, 2].map((index) => `${input(TEXT.start(name, index)).value}–${input(TEXT.end(name, index)).value}`)).toEqual(['09:00–13:00', '14:00–20:00']);
    }
    expect(within(day('Domenica')).getByText(TEXT.closed)).toBeInTheDocument();
    expect(input(TEXT.end('Martedì', 2)).value).toBe('18:00');
  });

  it('saves the whole week with one «Salva», midnight as 24:00', async () => {
    const bodies = fakeApi();
    const { props } = renderEditor();
    await userEvent.click(screen.getByRole('button', { name: TEXT.addRangeTo('Domenica') }));
    type(TEXT.start('Domenica', 1), '20:00');
    type(TEXT.end('Domenica', 1), '00:00');
    await userEvent.click(screen.getByRole('button', { name: TEXT.removeRange('Mercoledì', 2) }));
    await userEvent.click(screen.getByRole('button', { name: TEXT.weeklySave }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      weekly: [
        { weekday: 1, ranges: workday },
        { weekday: 2, ranges: workday },
        { weekday: 3, ranges: [workday[0]] },
        { weekday: 4, ranges: workday },
        { weekday: 5, ranges: workday },
        { weekday: 6, ranges: [] },
        { weekday: 7, ranges: [{ start: '20:00', end: '24:00' }] },
      ],
    });
    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: TEXT.weeklySaved }));
    // What the server answered is shown (midnight again as 00:00).
    expect(input(TEXT.end('Domenica', 1)).value).toBe('00:00');
  });

  it('takes its times as 24-hour text, whatever the browser’s language: typed, written out, moved by the arrows', async () => {
    const bodies = fakeApi();
    renderEditor();
    // A text field, not a native time input (which an English browser shows as «09:00 AM»).
    const start = screen.getByRole('textbox', { name: TEXT.start('Lunedì', 2) });
    expect(start).toHaveValue('14:00');
    await userEvent.clear(start);
    await userEvent.type(start, '1430');
    await userEvent.tab();
    expect(start).toHaveValue('14:30');
    const end = screen.getByRole('textbox', { name: TEXT.end('Lunedì', 2) });
    expect(end).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(end).toHaveValue('18:10');
    await userEvent.click(screen.getByRole('button', { name: TEXT.weeklySave }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0] as { weekly: OpeningDay[] }).weekly[0]).toEqual({ weekday: 1, ranges: [workday[0], { start: '14:30', end: '18:10' }] });
  });

  it('only shows the week to an operator', () => {
    fakeApi();
    renderEditor(true);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(TEXT.start('Lunedì', 1))).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(within(day('Lunedì')).getByText('09:00–13:00, 14:00–18:00')).toBeInTheDocument();
    expect(within(day('Domenica')).getByText(TEXT.closed)).toBeInTheDocument();
  });
});
