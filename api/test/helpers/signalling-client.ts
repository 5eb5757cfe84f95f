import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SIGNALLING, type ServerSignallingMessage } from '@incontra/contracts/realtime/signalling';
import { JsonSocket, openWebSocket } from './json-socket';

type MessageOf<T extends ServerSignallingMessage['type']> = Extract<ServerSignallingMessage, { type: T }>;

/** The signalling URL of an app listening on a real port (upgrades need a real server). */
export async function signallingUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}${SIGNALLING.path}`;
}

/** A participant's signalling socket as a test drives it. */
export class SignallingClient extends JsonSocket<ServerSignallingMessage> {
  protected override get echo(): [{ type: 'heartbeat' }, 'heartbeat'] {
    return [{ type: 'heartbeat' }, 'heartbeat'];
  }

  /** `headers`: the upgrade's own (a proxy's X-Forwarded-For, say). */
  static async open(url: string, headers?: Record<string, string>): Promise<SignallingClient> {
    return new SignallingClient(await openWebSocket(url, headers && { headers }));
  }

  /** Opens, says hello and waits for the welcome. */
  static async enter(url: string, token: string): Promise<{ client: SignallingClient; welcome: MessageOf<'welcome'> }> {
    const client = await SignallingClient.open(url);
    client.send({ type: 'hello', token });
    return { client, welcome: await client.next('welcome') };
  }
}
