import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../db/database';
import type { LobbyNotifier } from './lobby-ports';
import type { JoinRequestRow } from './repository';
import { lobbyEventOf } from './views';

/** Reports a row as changed by the running transaction (its final state in that transaction). */
export type Changed = (row: JoinRequestRow) => void;

/**
 * Runs lobby work in a tenant transaction and announces the rows it changed once, and only once,
 * the transaction has committed: a socket never hears of a change that was rolled back, and a
 * slow or failing notifier never holds a row lock nor undoes a committed change.
 */
export class LobbyAnnouncer {
  constructor(
    private readonly db: Database,
    private readonly notifier: LobbyNotifier,
    private readonly log: FastifyBaseLogger,
  ) {}

  async run<T>(companyId: string, work: (tx: Tx, changed: Changed) => Promise<T>): Promise<T> {
    const rows = new Map<string, JoinRequestRow>();
    const result = await this.db.withTenant(companyId, (tx) => work(tx, (row) => rows.set(row.id, row)));
    await this.announce([...rows.values()]);
    return result;
  }

  async announce(rows: readonly JoinRequestRow[]): Promise<void> {
    for (const row of rows) {
      try {
        await this.notifier.changed(lobbyEventOf(row, Date.now()));
      } catch (error) {
        this.log.warn({ err: error, joinRequestId: row.id }, 'lobby change not announced');
      }
    }
  }
}
