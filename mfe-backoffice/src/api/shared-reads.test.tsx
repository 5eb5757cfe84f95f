import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ManagedRoom } from '@incontra/contracts/api/room-management';
import type { Subscription } from '@incontra/contracts/api/subscription';
import { testSubscription } from '@incontra/mfe-kit/testing/fixtures';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { buildMfeProps } from '@incontra/mfe-kit/testing/build-mfe-props';
import { renderApp } from '../app/test-utils';
import { ASSISTENZA, CONSULENZA, fakeAgendaApi, setUpAgendaTests, weekOfReservations } from '../features/agenda/testing/agenda-fixtures';

const SUBSCRIPTION: Subscription = testSubscription();

/*
 * One resource, one set of keys: a screen that writes a resource refreshes every other screen
 * that read it. The client keeps what it read fresh for ever here (staleTime: Infinity), so that
 * only an invalidation can bring a new answer — not the time the test happens to take.
 */
describe('reads shared between screens', () => {
  setUpAgendaTests();

  it('saving a room on «Stanze» refreshes the agenda’s columns', async () => {
    let rooms: ManagedRoom[] = [CONSULENZA, ASSISTENZA];
    const renamed: unknown[] = [];
    const { mario, giulia } = weekOfReservations();
    fakeAgendaApi({
      reservations: [mario, giulia],
      overrides: {
        'GET /api/rooms': ({ url }) => {
          const storeId = new URL(url, window.location.origin).searchParams.get('storeId');
          const items = rooms.filter((room) => !storeId || room.storeId === storeId);
          return { status: 200, body: { items, total: items.length, page: 1, pageSize: 100 } };
        },
        [`POST /api/room/${CONSULENZA.id}`]: ({ body }) => {
          renamed.push(body);
          rooms = rooms.map((room) => (room.id === CONSULENZA.id ? { ...room, ...(body as object) } : room));
          return { status: 200, body: rooms.find((room) => room.id === CONSULENZA.id)! };
        },
        'GET /api/subscription': { status: 200, body: SUBSCRIPTION },
      },
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    renderApp('/admin/agenda', buildMfeProps({ adminContext: true, queryClient }));
    expect(await screen.findByRole('region', { name: CONSULENZA.name })).toBeInTheDocument();

    const navigation = screen.getByRole('navigation');
    await userEvent.click(within(navigation).getByRole('link', { name: IT_MANAGEMENT.nav.rooms }));
    await userEvent.click(await screen.findByRole('button', { name: IT_ROOMS.list.editLabel(CONSULENZA.name) }));
    const dialog = await screen.findByRole('dialog', { name: IT_ROOMS.list.editTitle(CONSULENZA.name) });
    const name = within(dialog).getByRole('textbox', { name: IT_ROOMS.list.name });
    await userEvent.clear(name);
    await userEvent.type(name, 'Sala Visite');
    await userEvent.click(within(dialog).getByRole('button', { name: IT_MANAGEMENT.form.save }));
    await waitFor(() => expect(renamed).toEqual([expect.objectContaining({ name: 'Sala Visite' })]));
    expect(await screen.findByRole('row', { name: /Sala Visite/ })).toBeInTheDocument();

    await userEvent.click(within(navigation).getByRole('link', { name: IT_AGENDA.nav }));
    expect(await screen.findByRole('region', { name: 'Sala Visite' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: CONSULENZA.name })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: ASSISTENZA.name })).toBeInTheDocument();
  });
});
