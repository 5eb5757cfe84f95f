import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { renderApp } from '../../../app/test-utils';
import { fakeAgendaApi, MILANO, OCCHIALI, reservation, setUpAgendaTests, slotTaken } from '../testing/agenda-fixtures';

const TEXT = IT_AGENDA.create;
const V = IT_BOOKING.validation;

const textbox = (dialog: HTMLElement, label: string) => within(dialog).getByRole('textbox', { name: new RegExp(`^${label}`) });

async function openNewReservation() {
  const rendered = renderApp('/admin/agenda');
  await userEvent.click(await screen.findByRole('button', { name: TEXT.open }));
  const dialog = await screen.findByRole('dialog', { name: TEXT.title });
  return { ...rendered, dialog };
}

/** The topic, then Tuesday 3 March in the calendar, then the time. */
async function chooseTime(dialog: HTMLElement, time: string) {
  await userEvent.selectOptions(await within(dialog).findByRole('combobox', { name: new RegExp(`^${TEXT.topic}`) }), OCCHIALI.name);
  await userEvent.click(await within(dialog).findByRole('button', { name: new RegExp(`^${IT_AGENDA.slots.date}`) }));
  await userEvent.click(await screen.findByRole('button', { name: 'martedì 3 marzo 2026' }));
  await userEvent.click(await within(dialog).findByRole('button', { name: time }));
}

async function fillCustomer(dialog: HTMLElement) {
  await userEvent.type(textbox(dialog, TEXT.firstName), 'Mario');
  await userEvent.type(textbox(dialog, TEXT.lastName), 'Rossi');
  await userEvent.type(textbox(dialog, TEXT.email), 'mario.rossi@example.it');
  await userEvent.type(textbox(dialog, TEXT.phone), '333 123 4567');
  await userEvent.type(textbox(dialog, TEXT.notes), 'Chiamato al telefono');
}

describe('«Nuovo appuntamento»', () => {
  setUpAgendaTests();

  it('shows what is missing under each field, in Italian, and sends nothing', async () => {
    const api = fakeAgendaApi();
    const { dialog } = await openNewReservation();
    await within(dialog).findByRole('combobox', { name: new RegExp(`^${TEXT.topic}`) });
    expect(dialog).toHaveTextContent(IT_AGENDA.slots.chooseTopic);

    await userEvent.click(within(dialog).getByRole('button', { name: TEXT.submit }));
    expect(within(dialog).getByRole('combobox', { name: new RegExp(`^${TEXT.topic}`) })).toHaveAccessibleDescription(V.topic);
    expect(within(dialog).getByText(V.startsAt)).toBeInTheDocument();
    expect(textbox(dialog, TEXT.firstName)).toHaveAccessibleDescription(V.firstName);
    expect(textbox(dialog, TEXT.lastName)).toHaveAccessibleDescription(V.lastName);
    expect(textbox(dialog, TEXT.email)).toHaveAccessibleDescription(V.email);
    expect(textbox(dialog, TEXT.phone)).toHaveAccessibleDescription(V.phone);

    await userEvent.type(textbox(dialog, TEXT.email), 'mario@');
    expect(textbox(dialog, TEXT.email)).toHaveAccessibleDescription(V.email);
    await userEvent.type(textbox(dialog, TEXT.email), 'example.it');
    expect(textbox(dialog, TEXT.email)).not.toHaveAccessibleDescription(V.email);
    expect(api.calls('POST /api/bo/reservations')).toEqual([]);
  });

  it('books for the customer at a free time of the topic', async () => {
    const api = fakeAgendaApi();
    const { dialog, props } = await openNewReservation();
    await chooseTime(dialog, '10:30');
    expect(within(dialog).getByRole('button', { name: '10:30' })).toHaveAttribute('aria-pressed', 'true');
    await fillCustomer(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: TEXT.submit }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: TEXT.title })).not.toBeInTheDocument());
    expect(api.calls('POST /api/bo/reservations')).toEqual([
      {
        store: MILANO.id,
        topic: OCCHIALI.id,
        startsAt: '2026-03-03T09:30:00.000Z',
        firstName: 'Mario',
        lastName: 'Rossi',
        email: 'mario.rossi@example.it',
        phone: '333 123 4567',
        notes: 'Chiamato al telefono',
      },
    ]);
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: TEXT.created('Mario Rossi', 'martedì 3 marzo 2026, 10:30–11:00') });
    expect(api.queries(`/api/config/store/${MILANO.id}/slots`)[0]).toEqual({ topic: OCCHIALI.id, from: '2026-03-02', to: '2026-04-30' });
  });

  it('then shows the day it was booked for, with the new appointment marked, wherever the agenda was', async () => {
    fakeAgendaApi({ reservations: [reservation({ customer: { name: 'Anna Neri', email: null, phone: null, notes: null } })] });
    // The agenda was on the week view of another week.
    renderApp('/admin/agenda?vista=settimana&giorno=2026-03-20');
    await userEvent.click(await screen.findByRole('button', { name: TEXT.open }));
    const dialog = await screen.findByRole('dialog', { name: TEXT.title });
    await chooseTime(dialog, '10:30');
    await fillCustomer(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: TEXT.submit }));

    expect(await screen.findByRole('heading', { level: 2, name: 'martedì 3 marzo 2026' })).toBeInTheDocument();
    const marked = await screen.findByRole('button', { name: /Mario Rossi/ });
    expect(marked).toHaveAttribute('data-highlighted', 'true');
    expect(marked).toHaveTextContent(IT_AGENDA.day.created);
    expect(marked).toHaveTextContent('10:30–11:00');
    const params = new URLSearchParams(window.location.search);
    expect([params.get('vista'), params.get('giorno'), params.get('punto-vendita')]).toEqual([null, '2026-03-03', MILANO.id]);
    // Another day: the mark is gone.
    await userEvent.click(screen.getByRole('button', { name: IT_AGENDA.dateNav.previousDay }));
    await userEvent.click(await screen.findByRole('button', { name: IT_AGENDA.dateNav.nextDay }));
    expect(await screen.findByRole('button', { name: /Mario Rossi/ })).not.toHaveAttribute('data-highlighted');
  });

  it('on a taken time shows the nearest free ones to pick, keeping what was typed', async () => {
    let taken = true;
    const api = fakeAgendaApi({
      overrides: {
        'POST /api/bo/reservations': ({ body }) => {
          if (!taken)
            return {
              status: 201,
              body: reservation({ startsAt: (body as { startsAt: string }).startsAt, endsAt: '2026-03-05T14:30:00.000Z', bookedByStaff: true }),
            };
          taken = false;
          return slotTaken([
            { startsAt: '2026-03-03T10:00:00.000Z', date: '2026-03-03', time: '11:00' },
            { startsAt: '2026-03-05T14:00:00.000Z', date: '2026-03-05', time: '15:00' },
          ]);
        },
      },
    });
    const { dialog, props } = await openNewReservation();
    await chooseTime(dialog, '10:30');
    await fillCustomer(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: TEXT.submit }));

    const notice = await within(dialog).findByTestId('slot-taken');
    expect(notice).toHaveTextContent(IT_BOOKING.errors.slotUnavailable);
    expect(within(notice).getByRole('button', { name: IT_AGENDA.slots.alternativeLabel('martedì 3 marzo 2026', '11:00') })).toBeInTheDocument();
    expect(textbox(dialog, TEXT.firstName)).toHaveValue('Mario');
    expect(textbox(dialog, TEXT.lastName)).toHaveValue('Rossi');
    expect(textbox(dialog, TEXT.email)).toHaveValue('mario.rossi@example.it');
    expect(textbox(dialog, TEXT.phone)).toHaveValue('333 123 4567');
    expect(textbox(dialog, TEXT.notes)).toHaveValue('Chiamato al telefono');
    // The refused time is no longer chosen.
    expect(within(dialog).getByRole('button', { name: '10:30' })).toHaveAttribute('aria-pressed', 'false');
    expect(props.notify.show).not.toHaveBeenCalled();

    await userEvent.click(within(notice).getByRole('button', { name: IT_AGENDA.slots.alternativeLabel('giovedì 5 marzo 2026', '15:00') }));
    expect(within(dialog).queryByTestId('slot-taken')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '15:00' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: TEXT.submit }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: TEXT.title })).not.toBeInTheDocument());
    expect(api.calls('POST /api/bo/reservations')).toEqual([
      expect.objectContaining({ startsAt: '2026-03-03T09:30:00.000Z', firstName: 'Mario', notes: 'Chiamato al telefono' }),
      expect.objectContaining({ startsAt: '2026-03-05T14:00:00.000Z', firstName: 'Mario', notes: 'Chiamato al telefono' }),
    ]);
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: TEXT.created('Mario Rossi', 'giovedì 5 marzo 2026, 15:00–15:30') });
  });
});
