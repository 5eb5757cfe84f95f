import type { FastifyBaseLogger } from 'fastify';
import { lobbyChannelOf, type LobbyEvent } from '@incontra/contracts/realtime/lobby';
import type { PubSub } from '../realtime/pubsub';
import type { LobbyNotifier } from '../lobby/lobby-ports';

/**
 * Announces the join-request service's changes on the company's lobby channel, where the lobby
 * hub of every process (this one included) picks them up. It runs after a commit, on the
 * request's path: a failure to publish is logged, never turned into an error of a change that
 * is already made (the visitor's status call and the staff's next queue read still see it).
 */
export class PubSubLobbyNotifier implements LobbyNotifier {
  private readonly pubsub: PubSub;
  private readonly log: FastifyBaseLogger;

  constructor({ pubsub, log }: { pubsub: PubSub; log: FastifyBaseLogger }) {
    this.pubsub = pubsub;
    this.log = log;
  }

  async changed(event: LobbyEvent): Promise<void> {
    try {
      await this.pubsub.publish(lobbyChannelOf(event.companyId), JSON.stringify(event));
    } catch (error) {
      this.log.error({ err: error, companyId: event.companyId, requestId: event.request.id }, 'lobby change could not be announced');
    }
  }
}
