import { LOBBY, type ClientLobbyMessage, type ServerLobbyMessage } from '@incontra/contracts/realtime/lobby';
import { FakeWebSocket, FakeWebSockets } from '@incontra/mfe-kit/testing/fake-web-socket';
import { StaffLobby } from '../../live-queue/realtime/staff-lobby';
import { AGENDA_FALLBACK_INTERVAL_MS, followAgendaChanges } from './use-agenda-changes';

const MILANO = '11111111-1111-4111-8111-111111111111';

function setup() {
  const sockets = new FakeWebSockets((url) => new FakeWebSocket<ClientLobbyMessage, ServerLobbyMessage>(url));
  const changes: (string | null)[] = [];
  const lobby = new StaffLobby({ origin: 'http://demo.test', createSocket: sockets.create });
  const close = followAgendaChanges(lobby, (storeId) => changes.push(storeId));
  return { sockets, changes, close };
}

describe('the agenda’s line to the staff lobby socket', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('says hello as staff, reads everything again at each queue (a new socket) and a store at each agenda notice', () => {
    const { sockets, changes, close } = setup();
    expect(sockets.last.url).toBe('ws://demo.test/api/realtime/lobby');
    sockets.last.accept();
    expect(sockets.last.sent).toEqual([{ type: 'hello', role: 'staff' }]);
    sockets.last.deliver({ type: 'queue', requests: [] });
    sockets.last.deliver({ type: 'agenda', storeId: MILANO });
    sockets.last.deliver({ type: 'pong' });
    expect(changes).toEqual([null, MILANO]);
    close();
    expect(sockets.last.closedWith).not.toBeNull();
  });

  it('reads everything again while the socket is down, every interval, until a new socket is welcomed', () => {
    const { sockets, changes, close } = setup();
    sockets.last.accept();
    sockets.last.deliver({ type: 'queue', requests: [] });
    changes.length = 0;
    sockets.last.drop();
    expect(changes).toEqual([null]);
    jest.advanceTimersByTime(AGENDA_FALLBACK_INTERVAL_MS);
    expect(changes).toEqual([null, null]);
    // Reconnections were tried meanwhile: once one is welcomed, the polling stops.
    expect(sockets.all.length).toBeGreaterThan(1);
    const second = sockets.last;
    second.accept();
    second.deliver({ type: 'queue', requests: [] });
    changes.length = 0;
    // Two intervals with the server answering every ping: the socket stays up, nothing is polled.
    for (let beat = 0; beat < (2 * AGENDA_FALLBACK_INTERVAL_MS) / LOBBY.heartbeatIntervalMs; beat += 1) {
      jest.advanceTimersByTime(LOBBY.heartbeatIntervalMs);
      second.deliver({ type: 'pong' });
    }
    expect(second.closedWith).toBeNull();
    expect(changes).toEqual([]);
    close();
  });
});
