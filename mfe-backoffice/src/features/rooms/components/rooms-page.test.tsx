import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ManagedRoom, RoomOpening } from '@incontra/contracts/api/room-management';
import type { Subscription } from '@incontra/contracts/api/subscription';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { todayIn } from '@incontra/mfe-kit/dates/calendar-dates';
import { formatDay } from '@incontra/mfe-kit/format/format-day';
import { TEST_USER, testSubscription } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch, type FakeReply } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';

const TEXT = IT_ROOMS.list;
const { form: FORM } = IT_MANAGEMENT;

// GET /api/stores as the stores area answers it (the rooms screen shares its query).
const STORE = { address: null, wall: null, requirePhoneVerification: null, roomCount: 1, topicCount: 0 };
const MILANO = { ...STORE, id: '5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c01', name: 'Milano Centro' };
const ROMA = { ...STORE, id: '5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c02', name: 'Roma Termini' };
const CONSULENZA: ManagedRoom = {
  id: '7b2e3d4c-5f60-4b7c-9d8e-0f1a2b3c4d01',
  storeId: MILANO.id,
  storeName: MILANO.name,
  name: 'Sala Consulenza',
  reservationSlots: 1,
  slotDuration: 30,
  maxParticipants: 4,
};
const ROMA_ROOM: ManagedRoom = {
  ...CONSULENZA,
  id: '7b2e3d4c-5f60-4b7c-9d8e-0f1a2b3c4d02',
  storeId: ROMA.id,
  storeName: ROMA.name,
  name: 'Sala Roma',
  reservationSlots: 0,
  maxParticipants: null,
};
const OPENING: RoomOpening = {
  timeZone: 'Europe/Rome',
  weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: weekday <= 5 ? [{ start: '09:00', end: '13:00' }] : [] })),
  exceptions: [],
};

function subscription(rooms: number, used: number): Subscription {
  return testSubscription({ plan: { id: 'pro-trial', name: 'Prova Pro', price: 0, usersLimit: 5, rooms, trialDays: 14 }, usage: { users: 2, rooms: used } });
}

type Handler = FakeReply | ((request: { url: string; body: unknown }) => FakeReply);

/** GET /api/rooms as the API answers it: one store's when asked, searched by room and store name, one page. */
function roomsPage(rooms: ManagedRoom[], url: string) {
  const query = new URL(url, window.location.origin).searchParams;
  const storeId = query.get('storeId');
  const q = (query.get('q') ?? '').toLowerCase();
  const found = rooms.filter((room) => (!storeId || room.storeId === storeId) && `${room.name} ${room.storeName}`.toLowerCase().includes(q));
  return { items: found.slice(0, 20), total: found.length, page: 1, pageSize: 20 };
}

/** The API's rooms and opening, changed by the writes the test lets through; `bodies` keeps what was sent. */
function fakeApi(role: 'admin' | 'operator' = 'admin', { roomsLimit = 3, overrides = {} }: { roomsLimit?: number; overrides?: Record<string, Handler> } = {}) {
  let rooms = [CONSULENZA, ROMA_ROOM];
  let opening = OPENING;
  const bodies: Record<string, unknown[]> = {};
  const keep = (line: string, body: unknown) => (bodies[line] ??= []).push(body);
  mockFetch({
    'GET /api/me': { status: 200, body: { ...TEST_USER, role } },
    'GET /api/rooms': ({ url }) => {
      keep('GET /api/rooms', new URL(url, window.location.origin).search);
      return { status: 200, body: roomsPage(rooms, url) };
    },
    'GET /api/stores': { status: 200, body: [MILANO, ROMA] },
    'GET /api/subscription': () => ({ status: 200, body: subscription(roomsLimit, rooms.length) }),
    'POST /api/room': ({ body }) => {
      keep('POST /api/room', body);
      const created: ManagedRoom = { ...CONSULENZA, id: '7b2e3d4c-5f60-4b7c-9d8e-0f1a2b3c4d03', storeName: ROMA.name, ...(body as object) };
      rooms = [...rooms, created];
      return { status: 201, body: created };
    },
    [`GET /api/room/${CONSULENZA.id}`]: { status: 200, body: CONSULENZA },
    [`GET /api/room/${CONSULENZA.id}/opening`]: () => ({ status: 200, body: opening }),
    [`POST /api/room/${CONSULENZA.id}/exceptions`]: ({ body }) => {
      keep('POST exceptions', body);
      const { date, note } = body as { date: string; note: string };
      opening = { ...opening, exceptions: [{ date, ranges: [], note }] };
      return { status: 200, body: opening };
    },
    ...overrides,
  });
  return bodies;
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('«Stanze»', () => {
  it('lists the rooms with store, appointments and participants, the plan’s usage; the store filter and the search ask the API', async () => {
    const bodies = fakeApi();
    renderApp('/admin/stanze');
    expect(await screen.findByRole('heading', { name: IT_MANAGEMENT.nav.rooms })).toBeInTheDocument();
    const consulenza = await screen.findByRole('row', { name: /Sala Consulenza/ });
    expect(
      within(consulenza)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['Sala Consulenza', 'Milano Centro', '1 × 30 min', '4']));
    expect(within(rowOf('Sala Roma')).getByText(TEXT.unlimited)).toBeInTheDocument();
    expect(within(rowOf('Sala Roma')).getByText(TEXT.slotsValue(0, 30))).toBeInTheDocument();
    expect(await screen.findByText('2 / 3 stanze')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: TEXT.store }), ROMA.name);
    await waitFor(() => expect(screen.queryByRole('row', { name: /Sala Consulenza/ })).not.toBeInTheDocument());
    expect(rowOf('Sala Roma')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: TEXT.store }), TEXT.allStores);
    await userEvent.type(screen.getByRole('searchbox', { name: IT_MANAGEMENT.table.search }), 'consulenza');
    await waitFor(() => expect(screen.queryByRole('row', { name: /Sala Roma/ })).not.toBeInTheDocument());
    expect(rowOf('Sala Consulenza')).toBeInTheDocument();
    const asked = bodies['GET /api/rooms'] as string[];
    expect(asked).toContain(`?storeId=${ROMA.id}`);
    // One search for the word once typing paused, not one per key.
    expect(asked.filter((search) => search.includes('q='))).toEqual(['?q=consulenza']);
  });

  it('creates a room: the participants’ limit is checked as it is typed, the body is sent, the list refreshes', async () => {
    const bodies = fakeApi();
    const { props } = renderApp('/admin/stanze');
    await screen.findByRole('row', { name: /Sala Consulenza/ });
    await userEvent.click(await screen.findByRole('button', { name: TEXT.create }));
    const dialog = await screen.findByRole('dialog', { name: TEXT.createTitle });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: TEXT.store }), ROMA.name);
    await userEvent.type(within(dialog).getByRole('textbox', { name: TEXT.name }), 'Sala Nuova');
    const limit = within(dialog).getByRole('textbox', { name: new RegExp(TEXT.maxParticipants) });
    await userEvent.type(limit, '60');
    await userEvent.tab();
    expect(within(dialog).getByText(IT_ROOMS.validation.maxParticipants)).toBeInTheDocument();
    await userEvent.clear(limit);
    await userEvent.type(limit, '6');
    expect(within(dialog).queryByText(IT_ROOMS.validation.maxParticipants)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: FORM.create }));

    await waitFor(() => expect(bodies['POST /api/room']).toEqual([{ storeId: ROMA.id, name: 'Sala Nuova', maxParticipants: 6 }]));
    expect(await screen.findByRole('row', { name: /Sala Nuova/ })).toBeInTheDocument();
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: TEXT.created });
    expect(await screen.findByText('3 / 3 stanze')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: TEXT.create })).toBeDisabled();
  });

  it('shows why a room cannot be deleted yet, in the confirmation dialog', async () => {
    const reason = IT_ROOMS.errors.hasFutureReservations(2);
    fakeApi('admin', { overrides: { [`DELETE /api/room/${CONSULENZA.id}`]: { status: 409, body: { statusCode: 409, error: 'Conflict', message: reason } } } });
    renderApp('/admin/stanze');
    const row = await screen.findByRole('row', { name: /Sala Consulenza/ });
    await userEvent.click(within(row).getByRole('button', { name: FORM.delete }));
    const dialog = await screen.findByRole('dialog', { name: FORM.confirmDeleteTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: FORM.delete }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(reason);
    expect(rowOf('Sala Consulenza')).toBeInTheDocument();
  });

  it('shows an operator the rooms without ways to change them', async () => {
    fakeApi('operator');
    renderApp('/admin/stanze');
    await screen.findByRole('row', { name: /Sala Consulenza/ });
    expect(screen.getByText(TEXT.readOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXT.create })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: FORM.delete })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXT.editLabel('Sala Consulenza') })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEXT.openLabel('Sala Consulenza') })).toHaveAttribute('href', `/admin/stanze/${CONSULENZA.id}`);
  });
});

describe('a room’s page', () => {
  it('shows the appointments and the week, and sets a closed day with a note from the calendar', async () => {
    const bodies = fakeApi();
    const { props } = renderApp(`/admin/stanze/${CONSULENZA.id}`);
    expect(await screen.findByRole('heading', { name: 'Sala Consulenza' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: new RegExp(IT_ROOMS.room.reservationSlots) })).toHaveValue('1');
    expect(await screen.findByRole('group', { name: 'Lunedì' })).toBeInTheDocument();
    expect(screen.getByText(IT_ROOMS.room.exceptionsEmpty)).toBeInTheDocument();

    const today = todayIn('Europe/Rome');
    await userEvent.click(screen.getByRole('button', { name: formatDay(today) }));
    const form = await screen.findByRole('form', { name: IT_ROOMS.room.exceptionDate(formatDay(today)) });
    expect(within(form).getByRole('checkbox', { name: IT_ROOMS.room.exceptionClosed })).toBeChecked();
    await userEvent.type(within(form).getByRole('textbox', { name: new RegExp(IT_ROOMS.room.exceptionNote) }), 'Inventario');
    await userEvent.click(within(form).getByRole('button', { name: IT_ROOMS.room.exceptionSave }));

    await waitFor(() => expect(bodies['POST exceptions']).toEqual([{ date: today, ranges: [], note: 'Inventario' }]));
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: IT_ROOMS.room.exceptionSaved });
    const row = await screen.findByRole('row', { name: new RegExp(formatDay(today)) });
    expect(within(row).getByText('Inventario')).toBeInTheDocument();
    expect(within(row).getByText(IT_ROOMS.room.closed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `${formatDay(today)}: ${IT_ROOMS.room.closed}` })).toBeInTheDocument();
  });

  it('is read-only for an operator', async () => {
    fakeApi('operator');
    renderApp(`/admin/stanze/${CONSULENZA.id}`);
    expect(await screen.findByRole('group', { name: 'Lunedì' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: IT_ROOMS.room.weeklySave })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: FORM.save })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: new RegExp(IT_ROOMS.room.reservationSlots) })).toHaveAttribute('readonly');
    const today = formatDay(todayIn('Europe/Rome'));
    await userEvent.click(screen.getByRole('button', { name: today }));
    expect(screen.queryByRole('form', { name: IT_ROOMS.room.exceptionDate(today) })).not.toBeInTheDocument();
  });
});
