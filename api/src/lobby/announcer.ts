import type { FastifyBaseLogger } from 'fastify';
import { afterCommit, type Database, type Tx } from '../db/database';
import type { LobbyNotifier } from './lobby-ports';
import type { JoinRequestRow } from './repository';
import { lobbyEventOf } from './views';

/** Reports a row as changed by the running transaction (its final state in that transaction). */
export type Changed = (row: JoinRequestRow) => void;

/**
 * Runs lobby work in a tenant transaction and announces each row it changed, in its last state,
 * once that transaction has committed (afterCommit): a socket never hears of a change that was
 * rolled back, and a slow or failing notifier never holds a row lock nor undoes a committed change.
 */
export class LobbyAnnouncer {
  private readonly db: Database;
  private readonly notifier: LobbyNotifier;
  private readonly log: FastifyBaseLogger;

  constructor({ db, notifier, log }: { db: Database; notifier: LobbyNotifier; log: FastifyBaseLogger }) {
    this.db = db;
    this.notifier = notifier;
    this.log = log;
  }

  run<T>(companyId: string, work: (tx: Tx, changed: Changed) => Promise<T>): Promise<T> {
    return this.db.withTenant(companyId, (tx) => work(tx, this.changedIn(tx)));
  }

  /** What `tx` reports through the answer is announced once it has committed, each row once. */
  changedIn(tx: Tx): Changed {
    const rows = new Map<string, JoinRequestRow>();
    afterCommit(tx, () => this.announce([...rows.values()]));
    return (row) => rows.set(row.id, row);
  }

  private async announce(rows: readonly JoinRequestRow[]): Promise<void> {
    for (const row of rows) {
      try {
        await this.notifier.changed(lobbyEventOf(row, Date.now()));
      } catch (error) {
        this.log.warn({ err: error, joinRequestId: row.id }, 'lobby change not announced');
      }
    }
  }
}
