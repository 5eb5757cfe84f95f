import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffJoinRequest } from '@incontra/contracts/api/join-requests';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { staffRequest } from '../realtime/testing/fake-lobby-socket';
import { renderLiveQueue } from '../testing/live-queue-harness';

const staff = IT_LOBBY.staff;
const OTHER = { id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b', name: 'Giulia Bianchi' };

const item = (request: StaffJoinRequest) => {
  const found = screen.getAllByTestId('queue-item').find((element) => element.dataset.requestId === request.id);
  if (!found) throw new Error(`no queue item for ${request.name}`);
  return found;
};
const queryItem = (request: StaffJoinRequest) => screen.queryAllByTestId('queue-item').find((element) => element.dataset.requestId === request.id) ?? null;

/** The list the fallback call answers (the socket's own list wins as soon as it is open). */
function serveQueue(requests: StaffJoinRequest[] = [], extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({ 'GET /api/bo/join-requests': { status: 200, body: { requests } }, ...extra });
}

describe('live queue page', () => {
  it('shows each waiting visitor with store, room, source, phone and a live waiting time', async () => {
    const verified = staffRequest({
      name: 'Anna Verdi',
      status: 'verified',
      phoneNumber: '+393331234567',
      waitingSince: new Date(Date.now() - 65_000).toISOString(),
    });
    const busy = staffRequest({
      name: 'Luca Neri',
      status: 'busy',
      source: 'invitation',
      message: 'Arriviamo subito',
      storeName: 'Roma Prati',
      roomName: 'Sala Roma',
    });
    serveQueue([verified, busy]);
    const { server } = renderLiveQueue();
    server.welcome([verified, busy]);

    expect(screen.getByTestId('lobby-connection')).toHaveAttribute('data-state', 'open');
    const first = item(verified);
    expect(first).toHaveAttribute('data-status', 'verified');
    expect(within(first).getByTestId('queue-item-name')).toHaveTextContent('Anna Verdi');
    expect(within(first).getByTestId('queue-item-store')).toHaveTextContent('Milano Centro');
    expect(first).toHaveTextContent(`${staff.room}: Sala Consulenza`);
    expect(within(first).getByText(staff.source.live)).toBeInTheDocument();
    expect(within(first).getByTestId('queue-item-phone')).toHaveTextContent(`${staff.phone}: +393331234567`);
    expect(within(first).getByTestId('queue-item-waiting')).toHaveTextContent(/^In attesa da 1:0[5-7]$/);
    expect(within(first).queryByText(staff.markedBusy)).not.toBeInTheDocument();

    const second = item(busy);
    expect(within(second).getByTestId('queue-item-phone')).toHaveTextContent(staff.noPhone);
    expect(within(second).getByText(staff.source.invitation)).toBeInTheDocument();
    expect(within(second).getByText(staff.markedBusy)).toBeInTheDocument();
    expect(within(second).getByText('Arriviamo subito')).toBeInTheDocument();
    expect(within(second).getByRole('group', { name: staff.actionsFor('Luca Neri') })).toBeInTheDocument();
    // The waiting time moves on by itself.
    await waitFor(() => expect(within(first).getByTestId('queue-item-waiting')).not.toHaveTextContent(/1:05$/), { timeout: 2500 });
  });

  it('says when nobody waits, and adds a visitor the moment the socket announces it', async () => {
    serveQueue();
    const { server } = renderLiveQueue();
    expect(screen.getByTestId('lobby-connection')).toHaveAttribute('data-state', 'connecting');
    server.welcome();
    expect(screen.getByTestId('queue-empty')).toHaveTextContent(staff.queueEmpty);

    const anna = staffRequest({ name: 'Anna' });
    server.request(anna);
    expect(within(item(anna)).getByTestId('queue-item-name')).toHaveTextContent('Anna');
    expect(screen.queryByTestId('queue-empty')).not.toBeInTheDocument();

    server.request({ ...anna, status: 'cancelled' });
    expect(screen.getByTestId('queue-empty')).toBeInTheDocument();
  });

  it('goes offline when the socket drops and keeps the list fresh with the HTTP call', async () => {
    let listed: StaffJoinRequest[] = [];
    const fetchMock = mockFetch({ 'GET /api/bo/join-requests': () => ({ status: 200, body: { requests: listed } }) });
    const { server } = renderLiveQueue();
    server.welcome();
    const queueCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/bo/join-requests').length;
    await waitFor(() => expect(queueCalls()).toBe(1));

    const missed = staffRequest({ name: 'Arrivata durante la disconnessione' });
    listed = [missed];
    server.drop();
    expect(screen.getByTestId('lobby-connection')).toHaveAttribute('data-state', 'offline');
    expect(screen.getByTestId('lobby-connection')).toHaveTextContent(staff.offline);
    expect(await screen.findByText('Arrivata durante la disconnessione')).toBeInTheDocument();
    expect(queueCalls()).toBeGreaterThanOrEqual(2);
  });

  it('shows an error with a retry when nothing could be loaded', async () => {
    mockFetch({ 'GET /api/bo/join-requests': { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } } });
    renderLiveQueue();
    expect(await screen.findByText(staff.queueLoadFailed)).toBeInTheDocument();
  });

  it('marks a request another staff member took, then lets it go', async () => {
    const anna = staffRequest({ name: 'Anna' });
    serveQueue([anna]);
    const { server } = renderLiveQueue();
    server.welcome([anna]);
    server.request({ ...anna, status: 'approved', handledBy: OTHER });

    const taken = item(anna);
    expect(within(taken).getByTestId('queue-taken')).toHaveTextContent(staff.takenBy(OTHER.name));
    expect(within(taken).queryByRole('button', { name: staff.approve })).not.toBeInTheDocument();
    await waitFor(() => expect(queryItem(anna)).toBeNull(), { timeout: 7000 });
  }, 10_000);

  it('approves: calls the API and enters the room through the shell', async () => {
    const anna = staffRequest({ name: 'Anna' });
    const fetchMock = serveQueue([anna], {
      [`POST /api/video-room/join-request/${anna.id}/approve`]: { status: 200, body: { request: { ...anna, status: 'approved' }, roomId: anna.roomId } },
    });
    const { server, props } = renderLiveQueue();
    server.welcome([anna]);
    await userEvent.click(within(item(anna)).getByRole('button', { name: staff.approve }));

    await waitFor(() => expect(props.navigate).toHaveBeenCalledWith(`/room/${anna.roomId}`));
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === `/api/video-room/join-request/${anna.id}/approve` && (init as RequestInit).method === 'POST'),
    ).toBe(true);
    expect(queryItem(anna)).toBeNull();
  });

  it('still enters the room when the socket announced the approval before the answer came', async () => {
    const anna = staffRequest({ name: 'Anna' });
    let answer: (value: Response) => void = () => undefined;
    serveQueue([anna]);
    const original = global.fetch;
    global.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/approve') ? new Promise<Response>((resolve) => (answer = resolve)) : original(input, init),
    ) as typeof fetch;
    const { server, props } = renderLiveQueue();
    server.welcome([anna]);
    await userEvent.click(within(item(anna)).getByRole('button', { name: staff.approve }));

    // In flight: the item's other answers wait.
    expect(within(item(anna)).getByRole('button', { name: staff.reject })).toBeDisabled();
    expect(within(item(anna)).getByRole('button', { name: staff.busy })).toBeDisabled();

    server.request({ ...anna, status: 'approved', handledBy: { id: '7d3c1b2a-4e5f-4a6b-8c7d-9e0f1a2b3c4d', name: 'Mario Rossi' } });
    expect(queryItem(anna)).toBeNull();
    answer({ ok: true, status: 200, text: async () => JSON.stringify({ request: { ...anna, status: 'approved' }, roomId: anna.roomId }) } as Response);
    await waitFor(() => expect(props.navigate).toHaveBeenCalledWith(`/room/${anna.roomId}`));
  });

  it('says the request was taken when the approval loses the race, and drops it', async () => {
    const anna = staffRequest({ name: 'Anna' });
    const other = staffRequest({ name: 'Bruno' });
    serveQueue([anna, other], {
      [`POST /api/video-room/join-request/${anna.id}/approve`]: {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: IT_LOBBY.errors.takenByOther },
      },
    });
    const { server, props } = renderLiveQueue();
    server.welcome([anna, other]);
    await userEvent.click(within(item(anna)).getByRole('button', { name: staff.approve }));

    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'error', message: IT_LOBBY.errors.takenByOther }));
    expect(queryItem(anna)).toBeNull();
    expect(queryItem(other)).not.toBeNull();
    expect(props.navigate).not.toHaveBeenCalled();
  });
});
