import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { WEBINAR_LIVE, type ServerWebinarLiveMessage } from '@incontra/contracts/realtime/webinar-live';
import { JsonSocket, openWebSocket } from './json-socket';

export type LiveMessageOf<T extends ServerWebinarLiveMessage['type']> = Extract<ServerWebinarLiveMessage, { type: T }>;

/** The webinars' live socket URL of an app listening on a real port (upgrades need a real server). */
export async function webinarLiveUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}${WEBINAR_LIVE.path}`;
}

/** A participant's live socket as a test drives it. */
export class LiveClient extends JsonSocket<ServerWebinarLiveMessage> {
  protected override get echo(): [{ type: 'heartbeat' }, 'heartbeat'] {
    return [{ type: 'heartbeat' }, 'heartbeat'];
  }

  static async open(url: string): Promise<LiveClient> {
    return new LiveClient(await openWebSocket(url));
  }

  /** Opens, says hello and waits for the welcome. */
  static async enter(url: string, token: string): Promise<{ client: LiveClient; welcome: LiveMessageOf<'welcome'> }> {
    const client = await LiveClient.open(url);
    client.send({ type: 'hello', token });
    return { client, welcome: await client.next('welcome') };
  }
}
