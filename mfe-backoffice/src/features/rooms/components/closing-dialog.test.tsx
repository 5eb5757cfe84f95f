import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AffectedAppointment, OpeningDay, RoomOpening } from '@incontra/contracts/api/room-management';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { mockFetch, type FakeReply } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderWithProviders } from '../../../app/management/test-utils';
import { ExceptionForm } from './exception-form';
import { OpeningExceptions } from './opening-exceptions';
import { WeeklyOpeningEditor } from './weekly-opening-editor';

/*
 * Closing time over booked appointments, as staff meet it: the write answers 409 listing the
 * appointments it would leave out; a dialog names them (customer, date, time) and asks to cancel
 * them (with a message to the customers) or keep them; «Torna alla modifica» sends nothing.
 */

const TEXT = IT_ROOMS.closing;
const ROOM = '3f2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d';
const workday = [
  { start: '09:00', end: '13:00' },
  { start: '14:00', end: '18:00' },
];
const WEEK: OpeningDay[] = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: weekday <= 5 ? workday : [] }));
const LEFT_OUT: AffectedAppointment[] = [
  {
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    startsAt: '2026-03-04T09:00:00.000Z',
    date: '2026-03-04',
    time: '10:00',
    customerName: 'Mario Rossi',
    topicName: 'Preventivi',
  },
  {
    id: 'a1b2c3d4-0000-4000-8000-000000000002',
    startsAt: '2026-03-11T14:00:00.000Z',
    date: '2026-03-11',
    time: '15:00',
    customerName: 'Lucia Bianchi',
    topicName: null,
  },
];
const conflict = (appointments = LEFT_OUT): FakeReply => ({
  status: 409,
  body: { statusCode: 409, error: 'Conflict', message: IT_ROOMS.errors.closesAppointments(appointments.length), field: 'affected', appointments },
});
const opening = (weekly = WEEK): RoomOpening => ({ timeZone: 'Europe/Rome', weekly, exceptions: [] });

/** The API of one write: 409 until the body says what to do, then what `decided` answers; keeps every body (or query). */
function fakeWrite(key: string, decided: (sent: Record<string, unknown>) => FakeReply = () => ({ status: 200, body: opening() })) {
  const sent: Record<string, unknown>[] = [];
  mockFetch({
    [key]: ({ body, url }) => {
      const query = Object.fromEntries(new URL(url, window.location.origin).searchParams);
      const request = { ...(body as Record<string, unknown> | undefined), ...query };
      sent.push(request);
      return request.affected ? decided(request) : conflict();
    },
  });
  return sent;
}

const dialog = () => screen.getByRole('dialog', { name: TEXT.title });
const saveWeek = () => userEvent.click(screen.getByRole('button', { name: IT_ROOMS.room.weeklySave }));

describe('the dialog about appointments a new opening leaves out', () => {
  it('lists who and when, then cancels them with the message: the write is sent again with the choice for exactly those', async () => {
    const sent = fakeWrite(`POST /api/room/${ROOM}/opening`);
    const { props } = renderWithProviders(<WeeklyOpeningEditor roomId={ROOM} weekly={WEEK} timeZone="Europe/Rome" readOnly={false} />);
    await saveWeek();

    const list = within(await screen.findByRole('dialog', { name: TEXT.title })).getByRole('list', { name: TEXT.intro(2) });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Mario Rossi · mercoledì 4 marzo 2026, 10:00 · Preventivi', 'Lucia Bianchi · mercoledì 11 marzo 2026, 15:00']);
    // Nothing is decided by an Enter pressed out of habit: the way back has the focus.
    await waitFor(() => expect(within(dialog()).getByRole('button', { name: TEXT.back })).toHaveFocus());
    expect(props.notify.show).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.type(within(dialog()).getByRole('textbox', { name: TEXT.message }), 'Chiusi per inventario.');
    await userEvent.click(within(dialog()).getByRole('button', { name: TEXT.cancel(2) }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: TEXT.title })).not.toBeInTheDocument());
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({ ...sent[0], affected: 'cancel', affectedIds: LEFT_OUT.map((each) => each.id), message: 'Chiusi per inventario.' });
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: TEXT.cancelled(2) });
  });

  it('keeps them when asked: no message is sent, the toast says they stay booked', async () => {
    const sent = fakeWrite(`POST /api/room/${ROOM}/exceptions`);
    const done = jest.fn();
    const { props } = renderWithProviders(<ExceptionForm roomId={ROOM} date="2026-03-04" current={null} onDone={done} />);
    await userEvent.click(screen.getByRole('button', { name: IT_ROOMS.room.exceptionSave }));
    await userEvent.type(within(await screen.findByRole('dialog', { name: TEXT.title })).getByRole('textbox', { name: TEXT.message }), 'ignorato');
    await userEvent.click(within(dialog()).getByRole('button', { name: TEXT.keep(2) }));

    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent[1]).toMatchObject({ date: '2026-03-04', ranges: [], affected: 'keep', affectedIds: LEFT_OUT.map((each) => each.id), message: null });
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: TEXT.kept(2) });
  });

  it('goes back to the form without sending anything when staff change their mind', async () => {
    const sent = fakeWrite(`POST /api/room/${ROOM}/opening`);
    const { props } = renderWithProviders(<WeeklyOpeningEditor roomId={ROOM} weekly={WEEK} timeZone="Europe/Rome" readOnly={false} />);
    await saveWeek();
    await userEvent.click(within(await screen.findByRole('dialog', { name: TEXT.title })).getByRole('button', { name: TEXT.back }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TEXT.title })).not.toBeInTheDocument());
    expect(sent).toHaveLength(1);
    expect(props.notify.show).not.toHaveBeenCalled();
    // The week typed is still there, to change and save again.
    expect(screen.getByRole('button', { name: IT_ROOMS.room.weeklySave })).toBeEnabled();
  });

  it('shows the new list when one more appointment was booked meanwhile, and a refusal inside the dialog', async () => {
    const third: AffectedAppointment = { ...LEFT_OUT[0]!, id: 'a1b2c3d4-0000-4000-8000-000000000003', customerName: 'Paola Verdi', time: '11:00' };
    let decisions = 0;
    fakeWrite(`POST /api/room/${ROOM}/opening`, () => {
      decisions += 1;
      return decisions === 1
        ? conflict([...LEFT_OUT, third])
        : { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Errore del server.' } };
    });
    renderWithProviders(<WeeklyOpeningEditor roomId={ROOM} weekly={WEEK} timeZone="Europe/Rome" readOnly={false} />);
    await saveWeek();
    await userEvent.click(within(await screen.findByRole('dialog', { name: TEXT.title })).getByRole('button', { name: TEXT.cancel(2) }));
    expect(await within(dialog()).findByRole('list', { name: TEXT.intro(3) })).toHaveTextContent('Paola Verdi');
    await userEvent.click(within(dialog()).getByRole('button', { name: TEXT.cancel(3) }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Errore del server.');
  });

  it('asks the same when removing a date’s exception would leave its appointments out', async () => {
    const withException: RoomOpening = {
      ...opening(),
      exceptions: [{ date: '2026-03-07', ranges: [{ start: '10:00', end: '12:00' }], note: 'Sabato aperto' }],
    };
    const sent = fakeWrite(`DELETE /api/room/${ROOM}/exceptions/2026-03-07`);
    const { props } = renderWithProviders(<OpeningExceptions roomId={ROOM} opening={withException} readOnly={false} />);
    await userEvent.click(screen.getByRole('button', { name: IT_MANAGEMENT.form.delete }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: IT_MANAGEMENT.form.confirmDeleteTitle })).getByRole('button', { name: IT_MANAGEMENT.form.delete }),
    );
    await userEvent.click(within(await screen.findByRole('dialog', { name: TEXT.title })).getByRole('button', { name: TEXT.cancel(2) }));

    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: TEXT.cancelled(2) }));
    expect(sent[1]).toEqual({ affected: 'cancel', affectedIds: LEFT_OUT.map((each) => each.id).join(',') });
  });
});
