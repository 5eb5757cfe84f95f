import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { PublicCompany } from '@incontra/contracts/api/company';
import type { Authenticate } from '../../src/auth/authenticate';
import { HttpError } from '../../src/http/http-error';
import { LobbyHub } from '../../src/lobby-realtime/lobby-hub';
import { createLobbyGate, type LobbyRealtimeRoutesOptions } from '../../src/lobby-realtime/lobby-realtime-routes';
import { PubSubLobbyNotifier } from '../../src/lobby-realtime/notifier';
import { InProcessPubSub } from '../../src/realtime/in-process-pubsub';
import { realtimeRoutes } from '../../src/socket-routes';
import type { TenancyService } from '../../src/tenancy/service';
import { FakeLobbyAccess, lobbyAddress, LobbySocket, type LobbyUpgrade } from './lobby-socket';

/** Made-up companies by host; a Cookie `session=<user id>` signs that user in on any of them. */
export const PLUGIN_COMPANIES: Readonly<Record<string, string>> = { 'demo.localhost': randomUUID(), 'acme.localhost': randomUUID() };

/**
 * Sessions as the fake authenticate sees them: ended ones, ones that cannot be read now (as the
 * user `database-down` always), and how often each user was asked for.
 */
export class FakeSessions {
  readonly signedOut = new Set<string>();
  readonly unreadable = new Set<string>();
  readonly asked = new Map<string, number>();

  readonly tenancy = {
    async requireCompanyByHost(host: string | null) {
      const id = host ? PLUGIN_COMPANIES[host] : undefined;
      if (!id) throw new HttpError(404, 'Azienda non trovata');
      return { id } as PublicCompany;
    },
  } as unknown as TenancyService;

  /** One session per user: its id is `session-<user>`. */
  readonly authenticate: Authenticate = async (request: FastifyRequest) => {
    const company = await this.tenancy.requireCompanyByHost(request.hostname.split(':')[0] ?? null);
    const user = request.cookies.session;
    if (user) this.asked.set(user, (this.asked.get(user) ?? 0) + 1);
    if (user === 'database-down' || (user && this.unreadable.has(user))) throw new Error('connection refused');
    if (!user || this.signedOut.has(user)) throw new HttpError(401, 'Non autenticato');
    return { company, user: { id: user }, sessionId: `session-${user}` } as Awaited<ReturnType<Authenticate>>;
  };
}

export interface LobbyPluginApp {
  app: FastifyInstance;
  url: string;
  port: number;
  hub: LobbyHub;
  access: FakeLobbyAccess;
  sessions: FakeSessions;
  notifier: PubSubLobbyNotifier;
  /** A staff socket of `user` from `host`'s own origin (unless `upgrade` says otherwise), after `hello`. */
  staff(user: string, upgrade?: LobbyUpgrade & { host?: string }): Promise<LobbySocket>;
  close(): Promise<void>;
}

/**
 * The lobby socket plugin alone over real sockets: the join-request service faked
 * (`FakeLobbyAccess`), companies and sessions made up (`FakeSessions`).
 */
export async function startLobbyPlugin(
  options: Pick<LobbyRealtimeRoutesOptions, 'limits' | 'caps' | 'slots'> & { trustProxy?: boolean } = {},
): Promise<LobbyPluginApp> {
  const app = Fastify({ logger: false, trustProxy: options.trustProxy ?? false });
  const pubsub = new InProcessPubSub(app.log);
  const access = new FakeLobbyAccess();
  const sessions = new FakeSessions();
  const hub = new LobbyHub({ pubsub, access, log: app.log });
  await app.register(fastifyCookie);
  const { limits, caps, slots } = options;
  await app.register(realtimeRoutes, { lobby: { hub, gate: createLobbyGate(sessions.authenticate, sessions.tenancy), limits, caps, slots } });
  const { url, port } = await lobbyAddress(app);
  return {
    app,
    url,
    port,
    hub,
    access,
    sessions,
    notifier: new PubSubLobbyNotifier({ pubsub, log: app.log }),
    async staff(user, { host = 'demo.localhost', ...upgrade } = {}) {
      const client = await LobbySocket.open(url, { host, origin: `http://${host}:${port}`, cookie: `session=${user}`, ...upgrade });
      client.send({ type: 'hello', role: 'staff' });
      return client;
    },
    async close() {
      await app.close();
      await pubsub.close();
    },
  };
}
