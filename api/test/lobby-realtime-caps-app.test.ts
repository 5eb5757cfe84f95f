import { LOBBY_CLOSE } from '@incontra/contracts/realtime/lobby';
import { lobbyAddress, LobbySocket } from './helpers/lobby-socket';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';

/*
 * The socket caps of the real app, set through SOCKET_LIMIT_*, on the real database: one staff
 * session or one visitor opening many lobby sockets at the same moment gets exactly its cap in.
 */
const PER_SESSION = 3;
const PER_VISITOR = 2;
const TOO_MANY = LOBBY_CLOSE.tooManyConnections;

let t: LobbyTestApp;
let url: string;
const open: LobbySocket[] = [];

beforeAll(async () => {
  t = await startLobbyApp({
    env: { SOCKET_LIMIT_PER_STAFF_SESSION: String(PER_SESSION), SOCKET_LIMIT_PER_VISITOR_TOKEN: String(PER_VISITOR), SOCKET_LIMIT_PER_IP: '40' },
    overrides: { lobbyNotifier: undefined },
  });
  ({ url } = await lobbyAddress(t.app));
}, START_TIMEOUT_MS);
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});
afterAll(() => t.close());

/** How each socket ended up: its first message of `type`, or its close code. */
async function outcomes(clients: LobbySocket[], type: 'queue' | 'status'): Promise<(string | number)[]> {
  open.push(...clients);
  return Promise.all(clients.map((client) => Promise.race([client.next(type, 20_000).then(() => type), client.closed.then(({ code }) => code)])));
}

describe('the lobby socket caps of the app', () => {
  it('reads SOCKET_LIMIT_* into the configuration', () => {
    expect(t.config.sockets).toEqual({ perAddress: 40, perStaffSession: PER_SESSION, perVisitorToken: PER_VISITOR, perRoomToken: 3 });
  });

  it('lets exactly the cap of one staff session in when it opens many consoles at once; another session is not concerned', async () => {
    const anna = await t.staff('admin');
    const consoles = await outcomes(await Promise.all(Array.from({ length: 8 }, () => LobbySocket.staff(url, anna))), 'queue');
    expect(consoles.filter((outcome) => outcome === 'queue')).toHaveLength(PER_SESSION);
    expect(consoles.filter((outcome) => outcome === TOO_MANY)).toHaveLength(8 - PER_SESSION);

    // The same user signed in again (another browser) is another session.
    const elsewhere = await t.staff('admin');
    expect(await outcomes([await LobbySocket.staff(url, elsewhere)], 'queue')).toEqual(['queue']);
  });

  it('lets exactly the cap of one visitor in when it opens many sockets at once', async () => {
    const visitor = await t.visitor();
    await visitor.send(t.seeded.store('Milano Centro'), t.seeded.room('Sala Consulenza'));
    const tabs = await outcomes(
      await Promise.all(Array.from({ length: 6 }, () => LobbySocket.visitor(url, 'demo.localhost', visitor.id, visitor.token))),
      'status',
    );
    expect(tabs.filter((outcome) => outcome === 'status')).toHaveLength(PER_VISITOR);
    expect(tabs.filter((outcome) => outcome === TOO_MANY)).toHaveLength(6 - PER_VISITOR);
  });
});
