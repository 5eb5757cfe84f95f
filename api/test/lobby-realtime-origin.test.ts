import { randomUUID } from 'node:crypto';
import { LobbySocket } from './helpers/lobby-socket';
import { PLUGIN_COMPANIES, startLobbyPlugin, type LobbyPluginApp } from './helpers/lobby-plugin-app';

/*
 * A staff lobby socket is authenticated by the session cookie, which the browser sends whatever
 * page opens the socket: only a page of the very origin the upgrade was sent to (scheme, host
 * and port) may open one.
 */
const DEMO = PLUGIN_COMPANIES['demo.localhost']!;
const ANNA = randomUUID();

let direct: LobbyPluginApp;
let proxied: LobbyPluginApp;
const open: LobbySocket[] = [];

beforeAll(async () => {
  direct = await startLobbyPlugin();
  // Behind a proxy that terminates TLS: the scheme and host come from X-Forwarded-*.
  proxied = await startLobbyPlugin({ trustProxy: true });
  for (const t of [direct, proxied]) t.access.setQueue(DEMO, ANNA, [], null);
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});
afterAll(async () => {
  await direct.close();
  await proxied.close();
});

async function track(client: Promise<LobbySocket>): Promise<LobbySocket> {
  open.push(await client);
  return open.at(-1)!;
}

async function expectRefused(client: LobbySocket): Promise<void> {
  expect(await client.next('bye')).toEqual({ type: 'bye', reason: 'unauthorized' });
  expect((await client.closed).code).toBe(4001);
}

describe('the staff lobby socket and Origin', () => {
  it('lets in a page of the exact origin the upgrade was sent to', async () => {
    const anna = await track(direct.staff(ANNA, { origin: `http://demo.localhost:${direct.port}` }));
    expect(await anna.next('queue')).toEqual({ type: 'queue', requests: [] });
  });

  it.each([
    ['another port', (port: number) => `http://demo.localhost:${port + 1}`],
    ['port 1', () => 'http://demo.localhost:1'],
    ['no port (80)', () => 'http://demo.localhost'],
    ['another scheme', (port: number) => `https://demo.localhost:${port}`],
    ['another scheme, no port', () => 'https://demo.localhost'],
    ['another host', (port: number) => `http://evil.example:${port}`],
    ['another company of the same server', (port: number) => `http://acme.localhost:${port}`],
    ['a subdomain', (port: number) => `http://x.demo.localhost:${port}`],
    ['null (a sandboxed page or a file)', () => 'null'],
    ['a path after the origin', (port: number) => `http://demo.localhost:${port}/coda`],
    ['user info', (port: number) => `http://anna@demo.localhost:${port}`],
    ['no scheme', (port: number) => `demo.localhost:${port}`],
  ])('refuses %s with 4001, asking for no session', async (_case, origin) => {
    const before = direct.sessions.asked.get(ANNA) ?? 0;
    await expectRefused(await track(direct.staff(ANNA, { origin: origin(direct.port) })));
    expect(direct.sessions.asked.get(ANNA) ?? 0).toBe(before);
    expect(direct.hub.socketCount()).toBe(0);
  });

  it('refuses a cookie-authenticated staff socket without Origin', async () => {
    await expectRefused(await track(direct.staff(ANNA, { origin: undefined })));
    expect(direct.hub.socketCount()).toBe(0);
  });

  it('behind a trusted proxy, takes the scheme and host the proxy was reached at', async () => {
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'demo.localhost' };
    const anna = await track(proxied.staff(ANNA, { origin: 'https://demo.localhost', headers: forwarded }));
    expect(await anna.next('queue')).toEqual({ type: 'queue', requests: [] });

    await expectRefused(await track(proxied.staff(ANNA, { origin: 'http://demo.localhost', headers: forwarded })));
    await expectRefused(await track(proxied.staff(ANNA, { origin: 'https://demo.localhost:8443', headers: forwarded })));

    // A proxy that passes the browser's Host on as it is, and says only the scheme.
    const passedOn = await track(
      LobbySocket.open(proxied.url, {
        cookie: `session=${ANNA}`,
        origin: 'https://demo.localhost',
        headers: { host: 'demo.localhost', 'x-forwarded-proto': 'https' },
      }),
    );
    passedOn.send({ type: 'hello', role: 'staff' });
    expect(await passedOn.next('queue')).toEqual({ type: 'queue', requests: [] });
  });

  it('without a trusted proxy, ignores what X-Forwarded-Proto claims', async () => {
    const claimed = { 'x-forwarded-proto': 'https' };
    await expectRefused(await track(direct.staff(ANNA, { origin: `https://demo.localhost:${direct.port}`, headers: claimed })));
    const anna = await track(direct.staff(ANNA, { origin: `http://demo.localhost:${direct.port}`, headers: claimed }));
    expect(await anna.next('queue')).toEqual({ type: 'queue', requests: [] });
  });
});
