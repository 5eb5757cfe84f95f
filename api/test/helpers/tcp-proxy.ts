import { createServer, connect, type Server, type Socket } from 'node:net';

/** One client connection through the proxy and its connection to the service (none yet while partitioned). */
interface Link {
  client: Socket;
  upstream: Socket | null;
  /** One side closed during a partition: the other side hears of it only when the partition ends. */
  closedDuringPartition: boolean;
}

/**
 * A TCP hop in front of a real service (PostgreSQL, Redis) that a test can break and mend:
 * - `cut()`: the service went down: open connections reset, new ones refused;
 * - `blackhole()`: a network partition: connections stay open and new ones are accepted, but not
 *   a byte passes either way, nor a close, so each side waits for an answer that does not come;
 * - `restore()`: the service is reachable again on the same port. After a partition, what each
 *   side sent meanwhile is delivered then (as TCP does once the network heals), and a connection
 *   one side closed meanwhile is closed on the other side too.
 */
export class TcpProxy {
  private readonly links = new Set<Link>();
  private server: Server | null = null;
  private partitioned = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(port = 0): Promise<number> {
    const server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.server = server;
    this.port = (server.address() as { port: number }).port;
    return this.port;
  }

  /** Connections open through the proxy now (tests: whether a client reconnected). */
  connectionCount(): number {
    return this.links.size;
  }

  /** The service is gone: open connections reset, new ones refused. */
  async cut(): Promise<void> {
    this.partitioned = false;
    const server = this.server;
    this.server = null;
    for (const link of this.links) this.destroy(link);
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The network between the clients and the service is partitioned: nothing passes, nothing closes. */
  blackhole(): void {
    this.partitioned = true;
    for (const link of this.links) this.hold(link);
  }

  /** The service is back on the same port (after a cut), or the partition is over (after a black hole). */
  async restore(): Promise<number> {
    if (!this.server) return this.start(this.port);
    // Already passing traffic: nothing to mend (piping a link twice would send every byte twice).
    if (!this.partitioned) return this.port;
    this.partitioned = false;
    for (const link of [...this.links]) {
      if (link.closedDuringPartition) this.destroy(link);
      else if (link.upstream) this.forward(link);
      else this.connectUpstream(link);
    }
    return this.port;
  }

  private accept(client: Socket): void {
    const link: Link = { client, upstream: null, closedDuringPartition: false };
    this.links.add(link);
    client.on('error', () => client.destroy());
    client.on('close', () => this.closed(link));
    // Accepted (the client believes it is connected) but not passed on until the partition ends.
    if (this.partitioned) client.pause();
    else this.connectUpstream(link);
  }

  private connectUpstream(link: Link): void {
    const upstream = connect(this.targetPort, this.targetHost);
    link.upstream = upstream;
    upstream.on('error', () => upstream.destroy());
    upstream.on('close', () => this.closed(link));
    this.forward(link);
  }

  private forward(link: Link): void {
    if (!link.upstream) return;
    link.client.pipe(link.upstream);
    link.upstream.pipe(link.client);
  }

  /** Stops both directions; what arrives stays buffered (and the senders' windows fill) until restore. */
  private hold(link: Link): void {
    link.client.unpipe();
    link.upstream?.unpipe();
    link.client.pause();
    link.upstream?.pause();
  }

  private closed(link: Link): void {
    if (this.partitioned) {
      link.closedDuringPartition = true;
      return;
    }
    this.destroy(link);
  }

  private destroy(link: Link): void {
    this.links.delete(link);
    link.client.destroy();
    link.upstream?.destroy();
  }
}
