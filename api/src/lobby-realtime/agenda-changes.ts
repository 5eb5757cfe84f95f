import type { FastifyBaseLogger } from 'fastify';
import * as z from 'zod/mini';
import { lobbyChannelOf } from '@incontra/contracts/realtime/lobby';
import type { AgendaNotifier } from '../booking/service';
import type { PubSub } from '../realtime/pubsub';

/**
 * A store's reservations changed (booked, moved, cancelled, an outcome, a participant), told to
 * the lobby hub of every process on the company's lobby channel; the hub passes it to the staff
 * sockets serving that store as `{ type: 'agenda', storeId }`, and their agendas read it again.
 */
export const agendaChangeSchema = z.object({
  type: z.literal('agenda'),
  companyId: z.uuid(),
  storeId: z.uuid(),
});
export type AgendaChange = z.infer<typeof agendaChangeSchema>;

/** Publishes after the commit; a failure is logged, never the caller's error (an agenda reads again at its next socket). */
export class PubSubAgendaNotifier implements AgendaNotifier {
  private readonly pubsub: PubSub;
  private readonly log: Pick<FastifyBaseLogger, 'error'>;

  constructor({ pubsub, log }: { pubsub: PubSub; log: Pick<FastifyBaseLogger, 'error'> }) {
    this.pubsub = pubsub;
    this.log = log;
  }

  changed(companyId: string, storeId: string): void {
    const event: AgendaChange = { type: 'agenda', companyId, storeId };
    this.pubsub.publish(lobbyChannelOf(companyId), JSON.stringify(event)).catch((error: unknown) => {
      this.log.error({ err: error, companyId, storeId }, 'agenda change could not be announced');
    });
  }
}
