// Carries the host's PostgreSQL and Redis into the test network namespace (scripts/in-namespace.sh)
// over unix sockets, which a network namespace does not separate:
//   node namespace-bridge.mjs host <folder>  — on the host: <folder>/<name>.sock → 127.0.0.1:<port>
//   node namespace-bridge.mjs ns <folder>    — in the namespace: 127.0.0.1:<port> → <folder>/<name>.sock
// So the suites reach 127.0.0.1:5432 and :6379 as they always do, and every byte on the host side
// travels on loopback only. Prints "ready" once listening; stops on SIGTERM.
import { createServer, connect } from 'node:net';
import { join } from 'node:path';

const SERVICES = [
  { name: 'postgres', port: 5432 },
  { name: 'redis', port: 6379 },
];

const [side, folder] = process.argv.slice(2);
if ((side !== 'host' && side !== 'ns') || !folder) {
  console.error('usage: namespace-bridge.mjs host|ns <folder>');
  process.exit(2);
}

/** Pipes each accepted connection to a new one made by `open`; either end closing closes both. */
function relay(open) {
  return (client) => {
    const upstream = open();
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  };
}

const servers = await Promise.all(
  SERVICES.map(
    ({ name, port }) =>
      new Promise((resolve, reject) => {
        const socketPath = join(folder, `${name}.sock`);
        const server =
          side === 'host'
            ? createServer(relay(() => connect(port, '127.0.0.1')))
            : createServer(relay(() => connect(socketPath)));
        server.once('error', reject);
        if (side === 'host') server.listen(socketPath, () => resolve(server));
        else server.listen(port, '127.0.0.1', () => resolve(server));
      }),
  ),
);
console.log('ready');
const stop = () => {
  for (const server of servers) server.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
