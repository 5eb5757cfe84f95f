import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP hop in front of a real service (PostgreSQL, Redis) that a test can cut and restore: cut
 * drops every open connection and refuses new ones, as when the service goes down.
 */
export class TcpProxy {
  private readonly sockets = new Set<Socket>();
  private server: Server | null = null;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(port = 0): Promise<number> {
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.server = server;
    this.port = (server.address() as { port: number }).port;
    return this.port;
  }

  /** The service is gone: open connections reset, new ones refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The service is back on the same port. */
  restore(): Promise<number> {
    return this.start(this.port);
  }
}
