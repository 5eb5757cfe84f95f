import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface OpenConnections {
  /** Cuts every connection still open: requests under way, kept-alive ones and upgraded ones. */
  destroyAll(): void;
}

/**
 * Every connection the server accepted and has not seen close. Node's own closeAllConnections
 * forgets a connection once it is upgraded, so a socket left half-open by a client (or by a bug)
 * would hold the server's close for ever; a stopping process cuts them all from this list.
 */
export function trackConnections(server: Server): OpenConnections {
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  return {
    destroyAll() {
      for (const socket of open) socket.destroy();
    },
  };
}
