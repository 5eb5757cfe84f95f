// The baseline of the lobby figures: a bare WebSocket echo server on the same `ws` package the
// API uses (resolved from api/), same Node, same machine, same run. Each message goes straight back.
const { join } = require('node:path');
const { createRequire } = require('node:module');

const { WebSocketServer } = createRequire(join(__dirname, '..', '..', 'api', 'package.json'))('ws');

const server = new WebSocketServer({ port: Number(process.env.PORT), host: '127.0.0.1' });
server.on('connection', (socket) => {
  socket.on('message', (data, isBinary) => socket.send(data, { binary: isBinary }));
});
server.on('listening', () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => {
  for (const client of server.clients) client.terminate();
  server.close(() => process.exit(0));
});
