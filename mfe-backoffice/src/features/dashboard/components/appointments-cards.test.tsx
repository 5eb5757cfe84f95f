import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { renderApp } from '../../../app/test-utils';
import { fakeAgendaApi, MILANO, reservation, setUpAgendaTests, TODAY, weekOfReservations } from '../../agenda/testing/agenda-fixtures';

const TEXT = IT_AGENDA.dashboard;
const card = (name: string) => screen.findByRole('region', { name });

describe('the appointments on the dashboard', () => {
  setUpAgendaTests();

  it("shows today's booked appointments and the next ones of the week, each a link into the agenda", async () => {
    const { mario, giulia, luca } = weekOfReservations();
    // Begun an hour ago: today's, but no longer to come.
    const early = reservation({
      startsAt: '2026-03-02T07:00:00.000Z',
      endsAt: '2026-03-02T07:30:00.000Z',
      customer: { name: 'Paolo Blu', email: null, phone: null, notes: null },
    });
    const api = fakeAgendaApi({ reservations: [early, mario, giulia, luca] });
    const { props } = renderApp('/admin');

    const today = await card(TEXT.today);
    await waitFor(() => expect(within(today).getAllByTestId('dashboard-appointment')).toHaveLength(2));
    const [first, second] = within(today).getAllByTestId('dashboard-appointment');
    expect(first).toHaveTextContent('08:00–08:30 · Paolo Blu');
    expect(second).toHaveTextContent('10:00–10:30 · Mario Rossi');
    expect(second).toHaveAttribute('href', `/admin/agenda?giorno=${TODAY}&punto-vendita=${MILANO.id}&appuntamento=${mario.id}`);
    expect(today).toHaveTextContent('Consulenza occhiali · Sala Consulenza · Milano Centro');
    expect(within(today).queryByText(/Giulia Bianchi/)).not.toBeInTheDocument();

    const upcoming = await card(TEXT.upcoming);
    await waitFor(() => expect(within(upcoming).getAllByTestId('dashboard-appointment')).toHaveLength(2));
    expect(
      within(upcoming)
        .getAllByTestId('dashboard-appointment')
        .map((link) => link.textContent),
    ).toEqual(['lun 2 mar, 10:00–10:30 · Mario Rossi', 'mer 4 mar, 11:00–11:30 · Luca Verdi']);
    expect(api.queries('/api/bo/reservations')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: 'booked', from: TODAY, to: TODAY }),
        expect.objectContaining({ status: 'booked', from: TODAY, to: '2026-03-08' }),
      ]),
    );

    await userEvent.click(within(upcoming).getByRole('link', { name: /Luca Verdi/ }));
    expect(await screen.findByTestId('agenda-page')).toBeInTheDocument();
    expect(await screen.findByTestId('reservation-detail')).toBeInTheDocument();
    expect(props.navigate).not.toHaveBeenCalled();
  });

  it('says when there is no appointment today nor in the next days', async () => {
    fakeAgendaApi();
    renderApp('/admin');
    expect(await within(await card(TEXT.today)).findByText(TEXT.todayEmpty)).toHaveAttribute('role', 'status');
    expect(await within(await card(TEXT.upcoming)).findByText(TEXT.upcomingEmpty)).toBeInTheDocument();
    expect(within(await card(TEXT.today)).getByRole('link', { name: TEXT.openAgenda })).toHaveAttribute('href', '/admin/agenda');
  });

  it('offers a retry when the appointments cannot be read', async () => {
    fakeAgendaApi({ overrides: { 'GET /api/bo/reservations': { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Errore' } } } });
    renderApp('/admin');
    const today = await card(TEXT.today);
    expect(await within(today).findByText(TEXT.loadFailed)).toBeInTheDocument();
    expect(within(today).getByRole('button', { name: TEXT.retry })).toBeInTheDocument();
  });
});
