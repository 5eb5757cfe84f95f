import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { renderApp } from '../../../app/test-utils';
import { ASSISTENZA, CONSULENZA, fakeAgendaApi, MILANO, reservation, setUpAgendaTests, TODAY, weekOfReservations } from '../testing/agenda-fixtures';

const items = () => screen.queryAllByTestId('agenda-item');
const room = (name: string) => screen.getByRole('region', { name });
/** A Blob's text (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

describe('«Agenda»', () => {
  const sockets = setUpAgendaTests();

  it("lists a day's appointments room by room, on the company's clock, and switches to the week", async () => {
    const { mario, giulia, luca } = weekOfReservations();
    const api = fakeAgendaApi({ reservations: [mario, giulia, luca] });
    renderApp('/admin/agenda');
    expect(await screen.findByTestId('agenda-page')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: IT_AGENDA.nav })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'lunedì 2 marzo 2026' })).toBeInTheDocument();

    const marioItem = await within(await screen.findByRole('region', { name: CONSULENZA.name })).findByTestId('agenda-item');
    expect(marioItem).toHaveAttribute('data-reservation-id', mario.id);
    expect(marioItem).toHaveTextContent('10:00–10:30');
    expect(marioItem).toHaveTextContent('Mario Rossi');
    expect(marioItem).toHaveTextContent('Consulenza occhiali');
    expect(marioItem).toHaveTextContent(IT_AGENDA.statuses.booked);
    const giuliaItem = within(room(ASSISTENZA.name)).getByTestId('agenda-item');
    expect(giuliaItem).toHaveTextContent('14:00–14:30');
    expect(giuliaItem).toHaveTextContent(IT_AGENDA.statuses.cancelled);
    expect(giuliaItem).toHaveAttribute('data-status', 'cancelled');
    expect(items()).toHaveLength(2);
    expect(api.queries('/api/bo/reservations').at(-1)).toMatchObject({ store: MILANO.id, from: TODAY, to: TODAY });

    await userEvent.click(screen.getByRole('radio', { name: IT_AGENDA.views.week }));
    const wednesday = await screen.findByRole('region', { name: 'mercoledì 4 marzo 2026' });
    expect(await within(wednesday).findByTestId('agenda-item')).toHaveTextContent('Luca Verdi');
    expect(within(wednesday).getByTestId('agenda-item')).toHaveTextContent('Lenti a contatto · Sala Consulenza');
    expect(within(screen.getByRole('region', { name: 'lunedì 2 marzo 2026' })).getAllByTestId('agenda-item')).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: 'domenica 8 marzo 2026' })).getByText(IT_AGENDA.week.dayEmpty)).toBeInTheDocument();
    expect(api.queries('/api/bo/reservations').at(-1)).toMatchObject({ store: MILANO.id, from: '2026-03-02', to: '2026-03-08' });
    expect(new URLSearchParams(window.location.search).get('vista')).toBe('settimana');

    // The next week: nothing booked there.
    await userEvent.click(screen.getByRole('button', { name: IT_AGENDA.dateNav.nextWeek }));
    expect(await screen.findByText(IT_AGENDA.week.empty)).toHaveAttribute('role', 'status');
    expect(api.queries('/api/bo/reservations').at(-1)).toMatchObject({ from: '2026-03-09', to: '2026-03-15' });
  });

  it('steps through the days, filters a room, and says when a day has no appointment', async () => {
    const { mario, giulia } = weekOfReservations();
    const api = fakeAgendaApi({ reservations: [mario, giulia] });
    renderApp(`/admin/agenda?giorno=${TODAY}`);
    await waitFor(() => expect(items()).toHaveLength(2));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: IT_AGENDA.filters.room }), ASSISTENZA.name);
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(items()[0]).toHaveTextContent('Giulia Bianchi');
    expect(screen.queryByRole('region', { name: CONSULENZA.name })).not.toBeInTheDocument();
    expect(api.queries('/api/bo/reservations').at(-1)).toMatchObject({ room: ASSISTENZA.id });

    await userEvent.click(screen.getByRole('button', { name: IT_AGENDA.dateNav.nextDay }));
    expect(await screen.findByText(IT_AGENDA.day.empty)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'martedì 3 marzo 2026' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: IT_AGENDA.dateNav.today }));
    await waitFor(() => expect(items()).toHaveLength(1));
  });

  it('shows a failed load with a retry', async () => {
    let down = true;
    const { mario } = weekOfReservations();
    const api = fakeAgendaApi({ reservations: [mario] });
    const working = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (down && String(input).startsWith('/api/bo/reservations')) {
        return {
          ok: false,
          status: 500,
          text: async () => JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'Errore del server.' }),
        } as Response;
      }
      return working(input, init);
    });
    renderApp('/admin/agenda');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(IT_MANAGEMENT.table.loadFailed);
    down = false;
    await userEvent.click(within(alert).getByRole('button', { name: IT_MANAGEMENT.table.retry }));
    expect(await screen.findByTestId('agenda-item')).toHaveTextContent('Mario Rossi');
  });

  it('shows a booking made elsewhere as soon as the API tells the staff socket', async () => {
    const { mario } = weekOfReservations();
    const api = fakeAgendaApi({ reservations: [mario] });
    renderApp('/admin/agenda');
    await waitFor(() => expect(items()).toHaveLength(1));

    api.add(
      reservation({
        startsAt: '2026-03-02T15:00:00.000Z',
        endsAt: '2026-03-02T15:30:00.000Z',
        customer: { name: 'Sara Gialli', email: null, phone: null, notes: null },
      }),
    );
    const socket = sockets.last;
    act(() => {
      socket.accept();
      socket.deliver({ type: 'agenda', storeId: MILANO.id });
    });
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(items()[1]).toHaveTextContent('Sara Gialli');
  });

  it('opens an appointment with the keyboard', async () => {
    const { mario } = weekOfReservations();
    fakeAgendaApi({ reservations: [mario] });
    renderApp('/admin/agenda');
    const item = await screen.findByTestId('agenda-item');
    item.focus();
    await userEvent.keyboard('{Enter}');
    const detail = await screen.findByTestId('reservation-detail');
    expect(await within(detail).findByRole('heading', { name: 'Mario Rossi' })).toBeInTheDocument();
    expect(detail).toHaveTextContent('lunedì 2 marzo 2026, 10:00–10:30');
    expect(detail).toHaveTextContent('mario.rossi@example.it');
    expect(new URLSearchParams(window.location.search).get('appuntamento')).toBe(mario.id);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('reservation-detail')).not.toBeInTheDocument());
    expect(new URLSearchParams(window.location.search).get('appuntamento')).toBeNull();
    // Back where the keyboard user was.
    await waitFor(() => expect(screen.getByTestId('agenda-item')).toHaveFocus());
  });

  it('lists the appointments a page at a time, across every store when asked', async () => {
    const many = Array.from({ length: 25 }, (_, n) =>
      reservation({
        startsAt: new Date(Date.parse('2026-03-02T08:00:00.000Z') + n * 3_600_000).toISOString(),
        endsAt: new Date(Date.parse('2026-03-02T08:30:00.000Z') + n * 3_600_000).toISOString(),
        customer: { name: `Cliente ${n + 1}`, email: null, phone: null, notes: null },
      }),
    );
    const api = fakeAgendaApi({ reservations: many });
    renderApp('/admin/agenda?vista=elenco');
    const table = await screen.findByRole('table', { name: IT_AGENDA.list.caption });
    await waitFor(() => expect(within(table).getAllByTestId('agenda-item')).toHaveLength(20));
    expect(screen.getByText(IT_MANAGEMENT.table.range(1, 20, 25))).toBeInTheDocument();
    expect(api.queries('/api/bo/reservations').at(-1)).toMatchObject({ store: MILANO.id, from: TODAY, page: '1', pageSize: '20' });

    await userEvent.click(screen.getByRole('button', { name: IT_MANAGEMENT.table.page(2, 2) }));
    await waitFor(() => expect(within(table).getAllByTestId('agenda-item')).toHaveLength(5));
    expect(within(table).getAllByTestId('agenda-item')[0]).toHaveTextContent('Cliente 21');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: IT_AGENDA.filters.store }), IT_AGENDA.filters.allStores);
    await waitFor(() => expect(api.queries('/api/bo/reservations').at(-1)).not.toHaveProperty('store'));
    expect(screen.getByRole('columnheader', { name: IT_AGENDA.list.store })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: IT_AGENDA.filters.room })).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: IT_AGENDA.filters.status }), IT_AGENDA.statuses.no_show);
    expect(await screen.findByText(IT_AGENDA.list.empty)).toBeInTheDocument();
    expect(api.queries('/api/bo/reservations').at(-1)).toMatchObject({ status: 'no_show', page: '1' });
  });

  it('starts the list from today, not from the day the week view was on (a later week left the list empty)', async () => {
    const { mario, luca } = weekOfReservations();
    const api = fakeAgendaApi({ reservations: [mario, luca] });
    renderApp('/admin/agenda?vista=settimana&giorno=2026-03-20');
    // That week has no appointment.
    expect(await screen.findByText(IT_AGENDA.week.empty)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: IT_AGENDA.views.list }));

    const table = await screen.findByRole('table', { name: IT_AGENDA.list.caption });
    await waitFor(() => expect(within(table).getAllByTestId('agenda-item')).toHaveLength(2));
    expect(api.queries('/api/bo/reservations').at(-1)).toMatchObject({ from: TODAY });
    await waitFor(() => expect(screen.getByRole('button', { name: IT_AGENDA.list.exportCsv })).toBeEnabled());
  });

  it('exports every appointment the filters find as CSV, reading all the pages', async () => {
    const many = Array.from({ length: 130 }, (_, n) => reservation({ customer: { name: `Cliente ${n + 1}`, email: null, phone: null, notes: null } }));
    const api = fakeAgendaApi({ reservations: many });
    const saved: Blob[] = [];
    const createObjectURL = jest.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:agenda';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const downloads: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const { props } = renderApp('/admin/agenda?vista=elenco');
    const exportButton = await screen.findByRole('button', { name: IT_AGENDA.list.exportCsv });
    await waitFor(() => expect(exportButton).toBeEnabled());
    await userEvent.click(exportButton);

    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: IT_AGENDA.list.exported(130) }));
    const pages = api.queries('/api/bo/reservations').filter((query) => query.pageSize === '100');
    expect(pages.map((query) => query.page)).toEqual(['1', '2']);
    expect(downloads).toEqual([IT_AGENDA.list.fileName(TODAY)]);
    expect(saved[0]!.type).toBe('text/csv;charset=utf-8');
    const csv = await textOf(saved[0]!);
    expect(csv.split('\r\n')).toHaveLength(1 + 130 + 1);
    expect(csv).toContain('"Cliente 130"');
  });

  it('says when there is no store to show', async () => {
    fakeAgendaApi({ stores: [], role: 'operator' });
    renderApp('/admin/agenda');
    expect(await screen.findByText(IT_AGENDA.noStores)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: IT_AGENDA.create.open })).not.toBeInTheDocument();
  });
});
