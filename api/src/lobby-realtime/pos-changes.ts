import type { FastifyBaseLogger } from 'fastify';
import * as z from 'zod/mini';
import { lobbyChannelOf } from '@incontra/contracts/realtime/lobby';
import type { PubSub } from '../realtime/pubsub';

/**
 * A point-of-sale request of a store changed (made, paid, cancelled, expired), told to the lobby
 * hub of every process on the company's lobby channel; the hub passes it to the staff sockets
 * serving that store as `{ type: 'pos', storeId, paymentId }`, and their screens read it again.
 */
export const posChangeSchema = z.object({
  type: z.literal('pos'),
  companyId: z.uuid(),
  /** Null: a request of a deleted store (kept, as the company's record). */
  storeId: z.nullable(z.uuid()),
  paymentId: z.uuid(),
});
export type PosChange = z.infer<typeof posChangeSchema>;

/** Publishes a change; a failure is logged, never the caller's error (a screen reads again at its next socket or reload). */
export class PubSubPosNotifier {
  private readonly pubsub: PubSub;
  private readonly log: Pick<FastifyBaseLogger, 'error'>;

  constructor({ pubsub, log }: { pubsub: PubSub; log: Pick<FastifyBaseLogger, 'error'> }) {
    this.pubsub = pubsub;
    this.log = log;
  }

  changed(companyId: string, storeId: string | null, paymentId: string): void {
    const event: PosChange = { type: 'pos', companyId, storeId, paymentId };
    this.pubsub.publish(lobbyChannelOf(companyId), JSON.stringify(event)).catch((error: unknown) => {
      this.log.error({ err: error, companyId, storeId, paymentId }, 'point-of-sale change could not be announced');
    });
  }
}
