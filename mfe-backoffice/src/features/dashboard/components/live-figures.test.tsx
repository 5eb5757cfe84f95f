import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { renderApp } from '../../../app/test-utils';
import { fakeAgendaApi, MILANO, reservation, setUpAgendaTests, TODAY, weekOfReservations } from '../../agenda/testing/agenda-fixtures';
import { staffRequest } from '../../live-queue/realtime/testing/fake-lobby-socket';

/*
 * The dashboard's live figures: visitors waiting now, today's booked appointments, the next one
 * to come, each leading where it is handled; no tiles repeating the menu. The clock stands at
 * Monday 2 March 2026, 09:00 in Rome (agenda fixtures).
 */

const TEXT = IT_AGENDA.dashboard;
const figure = async (name: string) => screen.findByRole('group', { name });

function api(waiting: number, reservations = weekOfReservations()) {
  const queue = { requests: Array.from({ length: waiting }, () => staffRequest()) };
  return fakeAgendaApi({
    reservations: Object.values(reservations),
    overrides: { 'GET /api/bo/join-requests': { status: 200, body: queue } },
  });
}

describe('the live figures of the dashboard', () => {
  setUpAgendaTests();

  it('show who waits now, how many appointments today and the next one, with where to handle them', async () => {
    const { mario, giulia, luca } = weekOfReservations();
    api(3, { mario, giulia, luca });
    renderApp('/admin');

    const waiting = await figure(TEXT.waitingNow);
    await waitFor(() => expect(waiting).toHaveTextContent(`${TEXT.waitingNow}3`));
    expect(within(waiting).getByRole('link', { name: TEXT.openQueue })).toHaveAttribute('href', '/admin/diretta');
    // Giulia's was cancelled: one booked appointment today.
    await waitFor(() => expect(screen.getByRole('group', { name: TEXT.todayCount })).toHaveTextContent(`${TEXT.todayCount}1`));
    const next = await figure(TEXT.next);
    await waitFor(() => expect(next).toHaveTextContent(TEXT.nextToday('10:00–10:30')));
    expect(within(next).getByRole('link', { name: 'Mario Rossi' })).toHaveAttribute(
      'href',
      `/admin/agenda?giorno=${TODAY}&punto-vendita=${MILANO.id}&appuntamento=${mario.id}`,
    );
  });

  it('name the next one’s day when it is not today, and say when none is coming', async () => {
    const later = reservation({
      startsAt: '2026-03-04T10:00:00.000Z',
      endsAt: '2026-03-04T10:30:00.000Z',
      customer: { name: 'Luca Verdi', email: null, phone: null, notes: null },
    });
    api(0, { later } as never);
    renderApp('/admin');
    const next = await figure(TEXT.next);
    await waitFor(() => expect(next).toHaveTextContent(TEXT.nextOn('mer 4 mar', '11:00–11:30')));
    await waitFor(() => expect(screen.getByRole('group', { name: TEXT.waitingNow })).toHaveTextContent(`${TEXT.waitingNow}0`));
    expect(screen.getByRole('group', { name: TEXT.todayCount })).toHaveTextContent(`${TEXT.todayCount}0`);
  });

  it('say that nothing is coming in the next 7 days', async () => {
    api(0, {} as never);
    renderApp('/admin');
    await waitFor(async () => expect(await figure(TEXT.next)).toHaveTextContent(TEXT.nextNone));
  });

  it('no longer repeat the menu as tiles', async () => {
    api(0);
    renderApp('/admin');
    await figure(TEXT.waitingNow);
    const main = screen.getByRole('main');
    expect(within(main).queryByRole('link', { name: IT_MANAGEMENT.nav.users })).not.toBeInTheDocument();
    expect(within(main).queryByRole('link', { name: IT_MANAGEMENT.nav.stores })).not.toBeInTheDocument();
  });

  it('follow the queue as visitors arrive (asked again every few seconds)', async () => {
    let waiting = 1;
    fakeAgendaApi({
      overrides: { 'GET /api/bo/join-requests': () => ({ status: 200, body: { requests: Array.from({ length: waiting }, () => staffRequest()) } }) },
    });
    renderApp('/admin');
    const figureWaiting = await figure(TEXT.waitingNow);
    await waitFor(() => expect(figureWaiting).toHaveTextContent(`${TEXT.waitingNow}1`));
    waiting = 2;
    await waitFor(() => expect(figureWaiting).toHaveTextContent(`${TEXT.waitingNow}2`), { timeout: 8000 });
    await userEvent.click(within(figureWaiting).getByRole('link', { name: TEXT.openQueue }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/diretta'));
  });
});
