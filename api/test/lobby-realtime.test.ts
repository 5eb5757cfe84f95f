import { DEFAULT_LOBBY_LIMITS } from '../src/lobby-realtime/lobby-session';
import { LobbySocket, lobbyAddress } from './helpers/lobby-socket';
import { startLobbyApp, type LobbyTestApp, type Visitor } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';
import type { TestClient } from './helpers/test-client';

/*
 * The lobby socket of the real app, on the in-process pub/sub: the join-request calls change
 * requests, and the sockets hear of it. (The app's own notifier, not a recording one.)
 */
/** Staff sessions are checked again this often here (the contract's heartbeat otherwise). */
const SESSION_CHECK_MS = 100;

let t: LobbyTestApp;
let url: string;
let port: number;
let anna: TestClient;
let milano: string;
let consulenza: string;
const open: LobbySocket[] = [];

beforeAll(async () => {
  t = await startLobbyApp({ overrides: { lobbyNotifier: undefined, lobbyLimits: { ...DEFAULT_LOBBY_LIMITS, sessionCheckIntervalMs: SESSION_CHECK_MS } } });
  ({ url, port } = await lobbyAddress(t.app));
  anna = await t.staff('admin');
  milano = t.seeded.store('Milano Centro');
  consulenza = t.seeded.room('Sala Consulenza');
}, START_TIMEOUT_MS);
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});
afterAll(() => t.close());

async function track(client: Promise<LobbySocket>): Promise<LobbySocket> {
  open.push(await client);
  return open.at(-1)!;
}

/** A staff console of `browser`, its queue received. */
async function openConsole(browser: TestClient) {
  const socket = await track(LobbySocket.staff(url, browser));
  return { socket, queue: (await socket.next('queue')).requests };
}

async function waitingVisitor(storeId = milano, roomId = consulenza): Promise<{ visitor: Visitor; socket: LobbySocket }> {
  const visitor = await t.visitor();
  await visitor.send(storeId, roomId);
  const socket = await track(LobbySocket.visitor(url, 'demo.localhost', visitor.id, visitor.token));
  expect(await socket.next('status')).toMatchObject({ request: { id: visitor.id, status: 'pending' } });
  return { visitor, socket };
}

function staffCall(browser: TestClient, id: string, move: 'approve' | 'reject' | 'busy', body?: unknown) {
  return browser.post(`/api/video-room/join-request/${id}/${move}`, body);
}

describe('the lobby socket of the app', () => {
  it('shows staff each request as it arrives and changes, and each visitor its own only', async () => {
    const staff = await openConsole(anna);
    const { visitor, socket } = await waitingVisitor();
    expect(await staff.socket.next('request')).toMatchObject({ request: { id: visitor.id, status: 'pending', storeId: milano } });
    const other = await waitingVisitor();
    await staff.socket.next('request');

    expect((await staffCall(anna, visitor.id, 'approve')).statusCode).toBe(200);
    expect(await socket.next('status')).toMatchObject({ request: { id: visitor.id, status: 'approved' } });
    expect(await staff.socket.next('request')).toMatchObject({ request: { id: visitor.id, status: 'approved', handledBy: { name: 'Anna Rossi' } } });
    expect(await other.socket.drainToEcho()).toEqual([]);

    // A console opened now gets the waiting one in its queue, not the approved one.
    const late = await openConsole(anna);
    expect(late.queue.map((request) => request.id)).toContain(other.visitor.id);
    expect(late.queue.map((request) => request.id)).not.toContain(visitor.id);
  });

  it('tells only the staff serving the request store', async () => {
    await t.serveOnly(t.seeded.demoId, 'operatore', [t.seeded.store('Roma Termini')]);
    try {
      const marco = await openConsole(await t.staff('operatore'));
      const staff = await openConsole(anna);
      const { visitor } = await waitingVisitor();
      expect(await staff.socket.next('request')).toMatchObject({ request: { id: visitor.id } });
      expect(marco.queue).toEqual([]);
      expect(await marco.socket.drainToEcho()).toEqual([]);
    } finally {
      await t.serveOnly(t.seeded.demoId, 'operatore', []);
    }
  });

  it('ends the visitor socket with the final status: rejected with the staff message', async () => {
    const { visitor, socket } = await waitingVisitor();
    expect((await staffCall(anna, visitor.id, 'reject', { message: 'Oggi siamo chiusi' })).statusCode).toBe(200);
    expect(await socket.next('status')).toMatchObject({ request: { id: visitor.id, status: 'rejected', message: 'Oggi siamo chiusi' } });
    expect(await socket.next('bye')).toEqual({ type: 'bye', reason: 'closed' });
    expect((await socket.closed).code).toBe(4004);
  });

  it('takes a cancelled request out of the staff queue and ends its socket', async () => {
    const staff = await openConsole(anna);
    const { visitor, socket } = await waitingVisitor();
    await staff.socket.next('request');
    expect((await visitor.call('/cancel')).statusCode).toBe(200);
    expect(await staff.socket.next('request')).toMatchObject({ request: { id: visitor.id, status: 'cancelled' } });
    expect(await socket.next('status')).toMatchObject({ request: { status: 'cancelled' } });
    expect((await socket.closed).code).toBe(4004);
  });

  it('refuses a wrong token, a request of another company and a cross-site staff socket', async () => {
    const visitor = await t.visitor();
    await visitor.send(milano, consulenza);
    const refused = async (client: LobbySocket) => {
      expect(await client.next('bye')).toEqual({ type: 'bye', reason: 'unauthorized' });
      expect((await client.closed).code).toBe(4001);
    };
    await refused(await track(LobbySocket.visitor(url, 'demo.localhost', visitor.id, `${visitor.token}x`)));
    await refused(await track(LobbySocket.visitor(url, 'acme.localhost', visitor.id, visitor.token)));

    // Anna's cookies, sent along by her browser from a page of another site.
    const hijacked = await track(LobbySocket.open(url, { browser: anna, host: 'demo.localhost', origin: 'https://evil.example' }));
    hijacked.send({ type: 'hello', role: 'staff' });
    await refused(hijacked);
    const acmeOrigin = await track(LobbySocket.open(url, { browser: anna, host: 'demo.localhost', origin: `http://acme.localhost:${port}` }));
    acmeOrigin.send({ type: 'hello', role: 'staff' });
    await refused(acmeOrigin);
    const signedOut = await track(LobbySocket.open(url, { host: 'demo.localhost', origin: `http://demo.localhost:${port}` }));
    signedOut.send({ type: 'hello', role: 'staff' });
    await refused(signedOut);
  });

  it('closes a staff console within a check once its member signs out, and no other', async () => {
    const leaving = await t.staff('admin');
    const staying = await openConsole(anna);
    const closing = await openConsole(leaving);
    expect((await leaving.post('/api/logout')).statusCode).toBe(200);
    const signedOutAt = Date.now();
    expect(await closing.socket.next('bye')).toEqual({ type: 'bye', reason: 'unauthorized' });
    expect((await closing.socket.closed).code).toBe(4001);
    // One round, plus the database's time on a busy machine.
    expect(Date.now() - signedOutAt).toBeLessThan(SESSION_CHECK_MS + 1000);

    const { visitor } = await waitingVisitor();
    expect(await staying.socket.next('request')).toMatchObject({ request: { id: visitor.id } });
  });
});
