import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { trackConnections } from './open-connections';

/** The server's close, settled or not once everything queued before the check has run. */
function settled(closed: Promise<void>): Promise<boolean> {
  return Promise.race([closed.then(() => true), new Promise<boolean>((resolve) => setImmediate(() => resolve(false)))]);
}

describe('trackConnections', () => {
  let server: Server;
  let client: Socket;

  afterEach(() => {
    client?.destroy();
    server?.closeAllConnections();
  });

  it('cuts an upgraded connection that nobody ends, which closeAllConnections no longer sees', async () => {
    server = createServer();
    const upgraded = new Promise<void>((resolve) => server.on('upgrade', () => resolve())); // and never answered
    const connections = trackConnections(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = connect((server.address() as AddressInfo).port, '127.0.0.1');
    client.on('error', () => undefined);
    const cut = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.write('GET /socket HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n');
    await upgraded;

    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    expect(await settled(closed)).toBe(false);

    connections.destroyAll();
    await closed;
    await cut;
  });
});
