import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReservationParticipant } from '@incontra/contracts/api/reservations';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { IT_PAID_BOOKING } from '@incontra/contracts/messages/it-paid-booking';
import { renderApp } from '../../../app/test-utils';
import { fakeAgendaApi, NOW, reservation, setUpAgendaTests, slotTaken, TODAY, weekOfReservations } from '../testing/agenda-fixtures';

const ACTIONS = IT_AGENDA.actions;
const PARTICIPANTS = IT_AGENDA.participants;
const PAID = IT_PAID_BOOKING;

/** The agenda with `id`'s details open, as a link from the dashboard opens it. */
async function openDetail(id: string) {
  const rendered = renderApp(`/admin/agenda?giorno=${TODAY}&appuntamento=${id}`);
  const detail = await screen.findByTestId('reservation-detail');
  await within(detail).findByRole('heading', { level: 2 });
  return { ...rendered, detail };
}

describe('an appointment’s details', () => {
  setUpAgendaTests();

  it('shows every fact of the appointment', async () => {
    const { giulia } = weekOfReservations();
    fakeAgendaApi({ reservations: [giulia] });
    const { detail } = await openDetail(giulia.id);
    expect(within(detail).getByRole('heading', { name: 'Giulia Bianchi' })).toBeInTheDocument();
    expect(detail).toHaveTextContent(IT_AGENDA.statuses.cancelled);
    expect(detail).toHaveTextContent(IT_AGENDA.detail.cancelledBy.customer);
    expect(detail).toHaveTextContent('lunedì 2 marzo 2026, 14:00–14:30');
    expect(within(detail).getByRole('link', { name: 'giulia@example.it' })).toHaveAttribute('href', 'mailto:giulia@example.it');
    expect(within(detail).getByRole('link', { name: '+393339876543' })).toHaveAttribute('href', 'tel:+393339876543');
    expect(detail).toHaveTextContent('Richiamare');
    expect(detail).toHaveTextContent(PARTICIPANTS.notBooked);
    // Nothing more to do with a cancelled appointment.
    expect(within(detail).queryByRole('button', { name: ACTIONS.cancel })).not.toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: ACTIONS.move })).not.toBeInTheDocument();
  });

  it('cancels after a confirmation that names the customer and the time, and sends DELETE', async () => {
    const { mario } = weekOfReservations();
    const api = fakeAgendaApi({ reservations: [mario] });
    const { detail, props } = await openDetail(mario.id);

    await userEvent.click(within(detail).getByRole('button', { name: ACTIONS.cancel }));
    let dialog = await screen.findByRole('dialog', { name: ACTIONS.cancelTitle });
    expect(dialog).toHaveTextContent(ACTIONS.cancelText('Mario Rossi', 'lunedì 2 marzo 2026, 10:00–10:30'));
    // The way out has the focus: Enter pressed out of habit cancels nothing.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: ACTIONS.keep })).toHaveFocus());
    // Escape closes the question only, not the details under it.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: ACTIONS.cancelTitle })).not.toBeInTheDocument());
    expect(api.calls(`DELETE /api/bo/reservations/${mario.id}`)).toEqual([]);
    expect(screen.getByTestId('reservation-detail')).toBeInTheDocument();

    await userEvent.click(within(detail).getByRole('button', { name: ACTIONS.cancel }));
    dialog = await screen.findByRole('dialog', { name: ACTIONS.cancelTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: ACTIONS.confirmCancel }));
    await waitFor(() => expect(api.calls(`DELETE /api/bo/reservations/${mario.id}`)).toHaveLength(1));
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: ACTIONS.cancelled });
    expect(await within(detail).findByText(IT_AGENDA.detail.cancelledBy.staff)).toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: ACTIONS.cancel })).not.toBeInTheDocument();
  });

  it('shows a paid appointment’s payment and refunds it after a confirmation, the appointment kept', async () => {
    const paid = reservation({ payment: { status: 'paid', amount: 4500, holdExpiresAt: null } });
    const api = fakeAgendaApi({ reservations: [paid] });
    const { detail, props } = await openDetail(paid.id);
    expect(within(detail).getByTestId('payment-badge')).toHaveTextContent(`${PAID.paymentStatuses.paid} · 45,00 €`);
    await userEvent.click(within(detail).getByRole('button', { name: PAID.agenda.refund }));
    const dialog = await screen.findByRole('dialog', { name: PAID.agenda.refundTitle });
    expect(dialog).toHaveTextContent(PAID.agenda.refundBody('45,00 €', 'Mario Rossi'));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: ACTIONS.keep })).toHaveFocus());
    await userEvent.click(within(dialog).getByRole('button', { name: PAID.agenda.refundConfirm }));
    await waitFor(() => expect(api.calls(`POST /api/bo/reservations/${paid.id}/refund`)).toHaveLength(1));
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: PAID.agenda.refunded });
    await waitFor(() => expect(within(detail).getByTestId('payment-badge')).toHaveTextContent(PAID.paymentStatuses.refunded));
    expect(within(detail).queryByRole('button', { name: PAID.agenda.refund })).not.toBeInTheDocument();
    expect(within(detail).getByRole('button', { name: ACTIONS.cancel })).toBeInTheDocument();
  });

  it('offers no refund for a free appointment', async () => {
    const { mario } = weekOfReservations();
    fakeAgendaApi({ reservations: [mario] });
    const { detail } = await openDetail(mario.id);
    expect(within(detail).queryByTestId('payment-badge')).not.toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: PAID.agenda.refund })).not.toBeInTheDocument();
  });

  it('keeps the confirmation open with the API’s reason when the cancellation is refused', async () => {
    const { mario } = weekOfReservations();
    fakeAgendaApi({
      reservations: [mario],
      overrides: {
        [`DELETE /api/bo/reservations/${mario.id}`]: { status: 409, body: { statusCode: 409, error: 'Conflict', message: IT_BOOKING.errors.notBooked } },
      },
    });
    const { detail } = await openDetail(mario.id);
    await userEvent.click(within(detail).getByRole('button', { name: ACTIONS.cancel }));
    const dialog = await screen.findByRole('dialog', { name: ACTIONS.cancelTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: ACTIONS.confirmCancel }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(IT_BOOKING.errors.notBooked);
  });

  it('adds a participant: checks the fields, sends the POST and lists them', async () => {
    const { mario } = weekOfReservations();
    const api = fakeAgendaApi({ reservations: [mario] });
    const { detail, props } = await openDetail(mario.id);
    expect(detail).toHaveTextContent(PARTICIPANTS.empty);
    await userEvent.click(within(detail).getByRole('button', { name: PARTICIPANTS.add }));
    const form = within(detail).getByRole('form', { name: PARTICIPANTS.add });
    expect(within(form).getByRole('textbox', { name: new RegExp(`^${PARTICIPANTS.name}`) })).toHaveFocus();

    await userEvent.click(within(form).getByRole('button', { name: PARTICIPANTS.invite }));
    expect(within(form).getByText(IT_BOOKING.validation.participantName)).toBeInTheDocument();
    expect(within(form).getByText(IT_BOOKING.validation.email)).toBeInTheDocument();
    expect(api.calls('POST /api/bo/reservation_participants')).toEqual([]);

    await userEvent.type(within(form).getByRole('textbox', { name: new RegExp(`^${PARTICIPANTS.name}`) }), 'Anna Neri');
    await userEvent.type(within(form).getByRole('textbox', { name: new RegExp(`^${PARTICIPANTS.email}`) }), 'anna.neri@example.it');
    await userEvent.click(within(form).getByRole('button', { name: PARTICIPANTS.invite }));

    const row = await within(detail).findByTestId('participant-row');
    expect(row).toHaveTextContent('Anna Neri');
    expect(row).toHaveTextContent('anna.neri@example.it');
    expect(api.calls('POST /api/bo/reservation_participants')).toEqual([{ reservation: mario.id, name: 'Anna Neri', email: 'anna.neri@example.it' }]);
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: PARTICIPANTS.added('Anna Neri') });
    // The form has gone; the button that opened it has the focus again, for another one.
    expect(within(detail).queryByRole('form', { name: PARTICIPANTS.add })).not.toBeInTheDocument();
    await waitFor(() => expect(within(detail).getByRole('button', { name: PARTICIPANTS.add })).toHaveFocus());
    expect(detail).toHaveTextContent(PARTICIPANTS.count(1, 10));
  });

  it('shows the API’s refusal of a participant under the e-mail', async () => {
    const { mario } = weekOfReservations();
    fakeAgendaApi({
      reservations: [mario],
      overrides: {
        'POST /api/bo/reservation_participants': {
          status: 409,
          body: { statusCode: 409, error: 'Conflict', message: IT_BOOKING.errors.participantExists, field: 'email' },
        },
      },
    });
    const { detail } = await openDetail(mario.id);
    await userEvent.click(within(detail).getByRole('button', { name: PARTICIPANTS.add }));
    const form = within(detail).getByRole('form', { name: PARTICIPANTS.add });
    await userEvent.type(within(form).getByRole('textbox', { name: new RegExp(`^${PARTICIPANTS.name}`) }), 'Anna Neri');
    const email = within(form).getByRole('textbox', { name: new RegExp(`^${PARTICIPANTS.email}`) });
    await userEvent.type(email, 'anna.neri@example.it');
    await userEvent.click(within(form).getByRole('button', { name: PARTICIPANTS.invite }));
    expect(await within(form).findByText(IT_BOOKING.errors.participantExists)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveValue('anna.neri@example.it');
  });

  it('removes a participant after a confirmation', async () => {
    const { mario } = weekOfReservations();
    const anna: ReservationParticipant = {
      id: '9e1d2c3b-4e5f-4a6b-8c7d-000000000099',
      reservationId: mario.id,
      name: 'Anna Neri',
      email: 'anna.neri@example.it',
      createdAt: NOW.toISOString(),
    };
    const api = fakeAgendaApi({ reservations: [mario], participants: [anna] });
    const { detail } = await openDetail(mario.id);
    await userEvent.click(within(await within(detail).findByTestId('participant-row')).getByRole('button', { name: PARTICIPANTS.removeLabel('Anna Neri') }));
    const dialog = await screen.findByRole('dialog', { name: PARTICIPANTS.removeTitle });
    expect(dialog).toHaveTextContent(PARTICIPANTS.removeText('Anna Neri', 'anna.neri@example.it'));
    await userEvent.click(within(dialog).getByRole('button', { name: PARTICIPANTS.remove }));
    await waitFor(() => expect(within(detail).queryByTestId('participant-row')).not.toBeInTheDocument());
    expect(api.fetchMock.mock.calls.filter(([url, init]) => (init as RequestInit).method === 'DELETE' && String(url).endsWith(anna.id))).toHaveLength(1);
    expect(detail).toHaveTextContent(PARTICIPANTS.empty);
  });

  it('moves the appointment to a free time, offering the nearest ones when the chosen one was taken', async () => {
    const { mario } = weekOfReservations();
    let taken = true;
    const api = fakeAgendaApi({ reservations: [mario] });
    const moved = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (taken && init?.method === 'POST' && String(input) === `/api/bo/reservations/${mario.id}`) {
        taken = false;
        const refusal = slotTaken([{ startsAt: '2026-03-03T10:00:00.000Z', date: '2026-03-03', time: '11:00' }]);
        return { ok: false, status: 409, text: async () => JSON.stringify(refusal.body) } as Response;
      }
      return moved(input, init);
    });
    const { detail, props } = await openDetail(mario.id);
    await userEvent.click(within(detail).getByRole('button', { name: ACTIONS.move }));
    const panel = await within(detail).findByTestId('move-panel');
    await waitFor(() => expect(within(panel).getByRole('heading', { name: IT_AGENDA.move.title })).toHaveFocus());

    await userEvent.click(await within(panel).findByRole('button', { name: new RegExp(`^${IT_AGENDA.slots.date}`) }));
    await userEvent.click(await screen.findByRole('button', { name: 'martedì 3 marzo 2026' }));
    await userEvent.click(within(panel).getByRole('button', { name: '10:30' }));
    await userEvent.click(within(panel).getByRole('button', { name: IT_AGENDA.move.confirm }));

    const notice = await within(panel).findByTestId('slot-taken');
    expect(notice).toHaveTextContent(IT_BOOKING.errors.slotUnavailable);
    await userEvent.click(within(notice).getByRole('button', { name: IT_AGENDA.slots.alternativeLabel('martedì 3 marzo 2026', '11:00') }));
    await userEvent.click(within(panel).getByRole('button', { name: IT_AGENDA.move.confirm }));

    await waitFor(() => expect(within(detail).queryByTestId('move-panel')).not.toBeInTheDocument());
    expect(api.calls(`POST /api/bo/reservations/${mario.id}`)).toEqual([{ startsAt: '2026-03-03T09:30:00.000Z' }, { startsAt: '2026-03-03T10:00:00.000Z' }]);
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: IT_AGENDA.move.moved('martedì 3 marzo 2026, 11:00–11:30') });
    expect(await within(detail).findByText('martedì 3 marzo 2026, 11:00–11:30')).toBeInTheDocument();
  });

  it('says how a begun appointment went', async () => {
    const begun = reservation({
      startsAt: '2026-03-02T07:30:00.000Z',
      endsAt: '2026-03-02T08:00:00.000Z',
      customer: { name: 'Paolo Blu', email: null, phone: null, notes: null },
    });
    const api = fakeAgendaApi({ reservations: [begun] });
    const { detail } = await openDetail(begun.id);
    // Once begun, it cannot be moved any more.
    expect(within(detail).queryByRole('button', { name: ACTIONS.move })).not.toBeInTheDocument();
    await userEvent.click(within(detail).getByRole('button', { name: ACTIONS.noShow }));
    expect(await within(detail).findByText(IT_AGENDA.statuses.no_show)).toBeInTheDocument();
    expect(api.calls(`POST /api/bo/reservations/${begun.id}`)).toEqual([{ status: 'no_show' }]);
    // What was said can be corrected.
    expect(within(detail).getByRole('button', { name: ACTIONS.completed })).toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: ACTIONS.noShow })).not.toBeInTheDocument();
  });

  it('offers no outcome before the start', async () => {
    const { mario } = weekOfReservations();
    fakeAgendaApi({ reservations: [mario] });
    const { detail } = await openDetail(mario.id);
    expect(within(detail).getByRole('button', { name: ACTIONS.move })).toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: ACTIONS.completed })).not.toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: ACTIONS.noShow })).not.toBeInTheDocument();
  });
});
