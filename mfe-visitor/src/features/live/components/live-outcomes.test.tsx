import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JoinRequestStatus } from '@incontra/contracts/api/join-requests';
import { IT } from '@incontra/contracts/messages/it';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { LOBBY } from '@incontra/contracts/realtime/lobby';
import { REQUEST_ID, ROOM_ID, STORE_ID, VISITOR_TOKEN, sentRequest, visitorRequest } from '../testing/join-request-fixtures';
import { CANCEL_PATH, SEND_PATH, STATUS_PATH, callsTo, liveHeader, renderLive, sendName } from '../testing/render-live';

async function waitingVisitor(extra: Parameters<typeof renderLive>[1] = {}) {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const rendered = renderLive(`/partecipa?store=${STORE_ID}`, { [SEND_PATH]: { status: 200, body: sentRequest() }, ...extra });
  await sendName(user);
  await screen.findByTestId('waiting-step');
  const socket = rendered.sockets.last;
  act(() => socket.accept());
  const push = (status: JoinRequestStatus, message: string | null = null) =>
    act(() => socket.deliver({ type: 'status', request: visitorRequest({ status, message }) }));
  return { ...rendered, user, socket, push };
}

describe('live flow, waiting and outcomes', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') }));
  afterEach(() => {
    jest.useRealTimers();
    window.sessionStorage.clear();
  });

  it('counts the waiting time every second, as a timer outside the status region', async () => {
    const { socket } = await waitingVisitor();
    expect(socket.url).toBe(`ws://${window.location.host}${LOBBY.path}`);
    expect(socket.sent[0]).toEqual({ type: 'hello', role: 'visitor', requestId: REQUEST_ID, token: VISITOR_TOKEN });
    const elapsed = screen.getByTestId('waiting-elapsed');
    expect(elapsed).toHaveAttribute('role', 'timer');
    expect(elapsed).toHaveTextContent(IT_LOBBY.visitor.waitingFor('0:00'));
    act(() => jest.advanceTimersByTime(65_000));
    expect(elapsed).toHaveTextContent(IT_LOBBY.visitor.waitingFor('1:05'));
    expect(liveHeader()).toHaveTextContent(IT.visitor.waiting);
    expect(liveHeader()).not.toContainElement(elapsed);
  });

  it('shows the rejection with the staff message and a way to book instead, announced by the same header', async () => {
    const { push } = await waitingVisitor();
    const header = liveHeader();
    push('rejected', 'Siamo chiusi per inventario.');
    const outcome = screen.getByTestId('outcome-rejected');
    expect(within(outcome).getByRole('heading', { name: IT_LOBBY.visitor.rejectedTitle })).toBeInTheDocument();
    expect(within(outcome).getByTestId('outcome-message')).toHaveTextContent('Siamo chiusi per inventario.');
    expect(within(outcome).getByTestId('book-instead')).toHaveAttribute('href', `/prenota?store=${STORE_ID}`);
    // The same live region, new words: a screen reader hears the answer and the message.
    expect(liveHeader()).toBe(header);
    expect(header).toHaveTextContent(`${IT_LOBBY.visitor.rejectedTitle}Siamo chiusi per inventario.`);
  });

  it('shows busy with the message; keeping on waiting goes back, and a new busy answer shows again', async () => {
    const { push, user } = await waitingVisitor();
    push('busy', 'Un attimo, siamo al telefono.');
    const outcome = screen.getByTestId('outcome-busy');
    expect(within(outcome).getByTestId('outcome-message')).toHaveTextContent('Un attimo, siamo al telefono.');
    expect(within(outcome).getByTestId('book-instead')).toBeInTheDocument();

    await user.click(screen.getByTestId('keep-waiting'));
    expect(screen.getByTestId('waiting-step')).toBeInTheDocument();
    // The same answer again (a reconnection's hello) does not bring the busy screen back...
    push('busy', 'Un attimo, siamo al telefono.');
    expect(screen.getByTestId('waiting-step')).toBeInTheDocument();
    // ...a new one does.
    push('busy', 'Ancora cinque minuti.');
    expect(screen.getByTestId('outcome-message')).toHaveTextContent('Ancora cinque minuti.');
  });

  it('offers a new request with the same name when the request expired', async () => {
    const { push, user, fetchMock } = await waitingVisitor();
    push('expired');
    const outcome = screen.getByTestId('outcome-expired');
    expect(outcome).toHaveTextContent(IT_LOBBY.visitor.expiredText);
    expect(within(outcome).getByTestId('book-instead')).toBeInTheDocument();
    await user.click(within(outcome).getByRole('button', { name: IT_LOBBY.visitor.tryAgain }));
    expect(await screen.findByTestId('waiting-step')).toBeInTheDocument();
    expect(callsTo(fetchMock, SEND_PATH).map((call) => call.body)).toEqual([
      { name: 'Giulia', room: ROOM_ID },
      { name: 'Giulia', room: ROOM_ID },
    ]);
  });

  it('asks the shell to load the room ahead while waiting, and only then', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { props } = renderLive(`/partecipa?store=${STORE_ID}`, { [SEND_PATH]: { status: 200, body: sentRequest() } });
    await screen.findByTestId('live-name-form');
    expect(props.preload).not.toHaveBeenCalled();
    await sendName(user);
    await screen.findByTestId('waiting-step');
    expect(props.preload).toHaveBeenCalledWith(`/room/${ROOM_ID}?richiesta=${REQUEST_ID}`);
  });

  it('takes the approved visitor into the room through the shell', async () => {
    const { push, props, fetchMock } = await waitingVisitor();
    push('approved');
    expect(props.navigate).toHaveBeenCalledWith(`/room/${ROOM_ID}?richiesta=${REQUEST_ID}`);
    expect(liveHeader()).toHaveTextContent(IT_LOBBY.visitor.approved);
    // Leaving for the room does not withdraw the request.
    window.dispatchEvent(new Event('pagehide'));
    expect(callsTo(fetchMock, CANCEL_PATH)).toHaveLength(0);
  });

  it('says the call is over when the request ended', async () => {
    const { push } = await waitingVisitor();
    push('ended');
    expect(screen.getByTestId('outcome-ended')).toHaveTextContent(IT_LOBBY.visitor.endedTitle);
  });

  it('cancels with the button, then offers a new request', async () => {
    const { user, fetchMock } = await waitingVisitor({ [CANCEL_PATH]: { status: 200, body: visitorRequest({ status: 'cancelled' }) } });
    await user.click(screen.getByTestId('cancel-request'));
    const outcome = await screen.findByTestId('outcome-cancelled');
    expect(outcome).toHaveTextContent(IT_LOBBY.visitor.cancelled);
    expect(callsTo(fetchMock, CANCEL_PATH)[0]?.headers).toMatchObject({ authorization: `Bearer ${VISITOR_TOKEN}` });

    await user.click(within(outcome).getByRole('button', { name: IT_LOBBY.visitor.newRequest }));
    expect(screen.getByTestId('live-name-form')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: IT.visitor.askName })).toHaveValue('Giulia');
  });

  it('withdraws the request with a keepalive call when the page goes away while waiting', async () => {
    const { fetchMock } = await waitingVisitor();
    window.dispatchEvent(new Event('pagehide'));
    const [call] = callsTo(fetchMock, CANCEL_PATH);
    expect(call?.init).toMatchObject({ method: 'POST', keepalive: true });
    expect(call?.headers).toMatchObject({ authorization: `Bearer ${VISITOR_TOKEN}` });
  });

  it('withdraws the request and closes the socket when the live page is unmounted while waiting', async () => {
    const first = await waitingVisitor();
    first.unmount();
    expect(callsTo(first.fetchMock, CANCEL_PATH)).toHaveLength(1);
    expect(first.socket.closedWith).toBe(1000);
  });

  it('does not withdraw a request that is already over', async () => {
    const { push, unmount, fetchMock } = await waitingVisitor();
    push('rejected', 'No');
    unmount();
    window.dispatchEvent(new Event('pagehide'));
    expect(callsTo(fetchMock, CANCEL_PATH)).toHaveLength(0);
  });

  it('polls with a note while the socket is down, and stops when it is back', async () => {
    let status: JoinRequestStatus = 'pending';
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { sockets, fetchMock } = renderLive(`/partecipa?store=${STORE_ID}`, {
      [SEND_PATH]: { status: 200, body: sentRequest() },
      [STATUS_PATH]: () => ({ status: 200, body: visitorRequest({ status }) }),
    });
    await sendName(user);
    await screen.findByTestId('waiting-step');
    await act(async () => sockets.last.drop(1006));
    expect(screen.getByTestId('live-fallback-note')).toHaveTextContent(IT_LOBBY.visitor.liveUpdatesOff);
    expect(callsTo(fetchMock, STATUS_PATH)[0]?.headers).toMatchObject({ authorization: `Bearer ${VISITOR_TOKEN}` });

    // The socket stays down (every retry fails); the poll keeps going and brings the answer.
    const failRetries = () => sockets.all.forEach((socket) => socket.readyState === 0 && socket.drop(1006));
    await act(async () => {
      jest.advanceTimersByTime(LOBBY.pollIntervalMs);
      failRetries();
    });
    expect(callsTo(fetchMock, STATUS_PATH).length).toBeGreaterThanOrEqual(2);

    await act(async () => {
      jest.advanceTimersByTime(LOBBY.reconnectMaxMs);
      sockets.last.accept();
    });
    expect(screen.queryByTestId('live-fallback-note')).not.toBeInTheDocument();
    const polls = callsTo(fetchMock, STATUS_PATH).length;
    await act(async () => jest.advanceTimersByTime(LOBBY.pollIntervalMs * 3));
    expect(callsTo(fetchMock, STATUS_PATH)).toHaveLength(polls);

    await act(async () => sockets.last.drop(1006));
    status = 'rejected';
    await act(async () => jest.advanceTimersByTime(LOBBY.pollIntervalMs));
    expect(await screen.findByTestId('outcome-rejected')).toBeInTheDocument();
  });
});
