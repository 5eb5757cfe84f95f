import type { FastifyBaseLogger } from 'fastify';
import * as z from 'zod/mini';
import { lobbyChannelOf } from '@incontra/contracts/realtime/lobby';
import type { PubSub } from '../realtime/pubsub';

/**
 * A staff member changed by an admin, told to the lobby hub of every process on the company's
 * lobby channel (where a process listens exactly while it has sockets of that company open).
 * `ended`: deactivated or deleted, their sessions are gone, their consoles close now instead of at
 * the next session check. `changed`: their role or stores changed, their consoles read their
 * queue afresh. Between API processes only: no client ever sees it.
 */
export const staffChangeSchema = z.object({
  type: z.literal('staff'),
  companyId: z.uuid(),
  userId: z.uuid(),
  change: z.enum(['ended', 'changed']),
});
export type StaffChange = z.infer<typeof staffChangeSchema>;

/**
 * Call after the commit. A failure is logged, never the caller's error: the change is made, and
 * the staff session watch ends the sockets of an ended session at its next round anyway.
 */
export async function announceStaffChange(pubsub: PubSub, log: Pick<FastifyBaseLogger, 'error'>, change: Omit<StaffChange, 'type'>): Promise<void> {
  const event: StaffChange = { type: 'staff', ...change };
  try {
    await pubsub.publish(lobbyChannelOf(change.companyId), JSON.stringify(event));
  } catch (error) {
    log.error({ err: error, companyId: change.companyId, userId: change.userId }, 'staff change could not be announced to the lobby');
  }
}
