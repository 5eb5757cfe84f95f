import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { Client, Pool, type ClientConfig, type PoolClient, type PoolConfig } from 'pg';
import type { DatabaseConfig } from '../config/config';
import { ANSWER_MARGIN_MS, DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from './database-timeouts';

const POOL_SIZE = 10;
/** node-postgres' words when a query's answer did not come within query_timeout. */
const READ_TIMEOUT_MESSAGE = 'Query read timeout';

type NoSchema = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, NoSchema>;
/** A transaction handle: what every repository function receives. */
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;

/** The non-owner role application queries run as (created by the row-level security migration). */
export const APP_ROLE = 'incontra_app';

/** The extensions the migrations create: btree_gist for the reservations' exclusion constraint. */
export const PGLITE_EXTENSIONS = { btree_gist };

/** api/drizzle, from api/src/db as from api/dist/db. */
export const MIGRATIONS_FOLDER = path.resolve(__dirname, '..', '..', 'drizzle');

type Transaction = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** Hears, once a transaction has committed, each company whose data it marked as changed. */
export type CommittedChangeListener = (companyId: string) => void;

/** Work that must follow a transaction's commit: an e-mail's delivery, a realtime notice, a room put-out. */
export type AfterCommitEffect = () => void | Promise<void>;

/** Hears an after-commit effect that threw (the transaction itself stays committed). */
export type EffectFailureListener = (error: unknown) => void;

/**
 * What a transaction (or a savepoint in it) of ours gathers while it runs: the companies it marked
 * changed (top level only) and the effects to run once it has committed. `open` turns false when
 * it ends, so that nothing is registered on a handle that will never commit again.
 */
interface TransactionState {
  changed: Set<string> | null;
  effects: AfterCommitEffect[];
  open: boolean;
}

// Each open transaction's (and savepoint's) state; gone with the handle.
const stateOf = new WeakMap<Tx, TransactionState>();

/**
 * Marks, inside a transaction, that it changes data the company's cached reads depend on (its
 * users, stores, rooms, settings, sessions). The Database's listeners hear it once the
 * transaction has committed, never before (a reader could cache what is about to change) and never
 * for a rolled-back one. A savepoint's handle is not a transaction of ours: marking it throws.
 */
export function markCompanyChanged(tx: Tx, companyId: string): void {
  const marked = stateOf.get(tx)?.changed;
  if (!marked) throw new Error('markCompanyChanged outside a transaction opened by Database');
  marked.add(companyId);
}

/**
 * The one way to do something after a write: `effect` runs once the transaction of `tx` has
 * committed (after the cache marks are announced), once, in the order registered, and never when
 * it rolls back. Registered in a savepoint (`tx.transaction`), it joins the enclosing transaction
 * when the savepoint is released and is dropped when the savepoint rolls back. An effect that
 * throws is logged (Database.onEffectFailure) and the others still run; the caller's answer is
 * not changed by it. Effects run before the call that opened the transaction returns: one that
 * must not hold the answer (an e-mail's delivery) starts its work without returning its promise,
 * and what is durable stays so (the mail outbox's redelivery sweep sends what a delivery missed).
 */
export function afterCommit(tx: Tx, effect: AfterCommitEffect): void {
  const state = stateOf.get(tx);
  if (!state?.open) throw new Error('afterCommit outside an open transaction opened by Database');
  state.effects.push(effect);
}

/**
 * Follows `tx` (a transaction or a savepoint): its savepoints (`tx.transaction`) get a state of
 * their own, whose effects join this one's once the savepoint is released.
 */
function follow(tx: Tx, state: TransactionState): void {
  stateOf.set(tx, state);
  const openSavepoint = tx.transaction.bind(tx);
  tx.transaction = (<T>(fn: (savepoint: Tx) => Promise<T>) =>
    openSavepoint(async (savepoint) => {
      const inner: TransactionState = { changed: null, effects: [], open: true };
      follow(savepoint as Tx, inner);
      try {
        const result = await fn(savepoint as Tx);
        state.effects.push(...inner.effects);
        return result;
      } finally {
        inner.open = false;
      }
    })) as Tx['transaction'];
}

/**
 * A transaction on its own pooled connection, released in every case. drizzle's pool transaction
 * sends BEGIN before its try/finally, so a connection that died while idle in the pool (the
 * server restarted or went away) was never given back: every outage leaked pool slots until none
 * was left and only a restart helped. A broken connection is released with its error, so the
 * pool drops it instead of handing it out again.
 */
function pooledTransaction(pool: Pool): Transaction {
  // One drizzle session per pooled connection, made the first time it is checked out.
  const sessions = new WeakMap<PoolClient, Db>();
  const sessionOf = (client: PoolClient): Db => {
    const known = sessions.get(client);
    if (known) return known;
    const session: Db = drizzlePostgres({ client });
    sessions.set(client, session);
    return session;
  };
  return async (fn) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      return await sessionOf(client).transaction(fn);
    } catch (error) {
      if (!(client as unknown as { _queryable?: boolean })._queryable) broken = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.release(broken);
    }
  };
}

/**
 * The session settings and timeouts of every pooled connection. PostgreSQL itself cancels a
 * statement or a lock wait that takes too long, and ends a session left idle inside a transaction
 * (a client lost in a partition keeps no lock). The client gives up waiting for an answer a little
 * later still (query_timeout): in a partition the server's cancellation never arrives.
 */
function poolConfig(url: string, timeouts: DatabaseTimeouts): PoolConfig {
  return {
    connectionString: url,
    max: POOL_SIZE,
    // pg-pool: how long connect() waits for a pooled connection when all are busy, and at most for a new one.
    connectionTimeoutMillis: timeouts.poolWaitMs,
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    query_timeout: timeouts.statementMs + ANSWER_MARGIN_MS,
    Client: boundedClientClass(timeouts.connectMs),
  };
}

/**
 * A node-postgres client that opens its connection within `connectMs` (pg-pool hands its clients
 * its own options, where connectionTimeoutMillis is the wait for a pooled connection) and drops
 * the connection when a query's answer does not come in time. node-postgres only stops waiting:
 * the query stays the connection's active one, so the ROLLBACK that drizzle sends next would wait
 * behind it for as long again, and the connection would go back to the pool stuck. Dropped, the
 * ROLLBACK fails at once and the pool discards the connection (PostgreSQL rolls back on its own).
 */
function boundedClientClass(connectMs: number): typeof Client {
  return class BoundedClient extends Client {
    constructor(config?: string | ClientConfig) {
      super({ ...(typeof config === 'string' ? { connectionString: config } : config), connectionTimeoutMillis: connectMs });
      const query = this.query.bind(this) as (...args: unknown[]) => unknown;
      this.query = ((...args: unknown[]) => {
        const result = query(...args);
        if (result instanceof Promise) result.catch((error: unknown) => this.dropAfterReadTimeout(error));
        return result;
      }) as Client['query'];
    }

    private dropAfterReadTimeout(error: unknown): void {
      if (!(error instanceof Error) || error.message !== READ_TIMEOUT_MESSAGE) return;
      (this as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    }
  };
}

/**
 * Migrations on a connection of their own, without the statement and lock timeouts of the
 * application's queries: a migration may rewrite a big table or wait for a lock for longer.
 */
async function migrateOnOwnConnection(url: string, timeouts: DatabaseTimeouts): Promise<void> {
  const pool = new Pool({ connectionString: url, max: 1, connectionTimeoutMillis: timeouts.connectMs });
  try {
    await migratePostgres(drizzlePostgres({ client: pool }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await pool.end();
  }
}

export class Database {
  private readonly committedChangeListeners = new Set<CommittedChangeListener>();
  private readonly effectFailureListeners = new Set<EffectFailureListener>();

  private constructor(
    readonly driver: DatabaseConfig['driver'],
    private readonly openTransaction: Transaction,
    private readonly runMigrations: () => Promise<void>,
    private readonly closeClient: () => Promise<void>,
  ) {}

  /**
   * `onIdleError`: a pooled PostgreSQL connection died (the pool replaces it). A connection that
   * dies while checked out also emits an error event on its client: without a listener of its
   * own, that event would take the process down in an outage; the call itself fails (503).
   */
  static async open(config: DatabaseConfig, onIdleError: (error: Error) => void = () => undefined): Promise<Database> {
    if (config.driver === 'postgres') {
      // A server that does not answer fails a call within seconds (503) instead of holding it.
      const timeouts = config.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
      const pool = new Pool(poolConfig(config.url, timeouts));
      pool.on('error', onIdleError);
      pool.on('connect', (client) => client.on('error', onIdleError));
      return new Database(
        'postgres',
        pooledTransaction(pool),
        () => migrateOnOwnConnection(config.url, timeouts),
        () => pool.end(),
      );
    }
    if (!config.dataDir.startsWith('memory://')) await mkdir(path.dirname(config.dataDir), { recursive: true });
    return Database.fromPglite(await PGlite.create({ dataDir: config.dataDir, extensions: PGLITE_EXTENSIONS }));
  }

  /** An embedded database already started (tests start theirs from a prepared data directory). */
  static fromPglite(client: PGlite): Database {
    const db = drizzlePglite({ client });
    return new Database(
      'pglite',
      (fn) => db.transaction(fn),
      () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      () => client.close(),
    );
  }

  migrate(): Promise<void> {
    return this.runMigrations();
  }

  /** `listener` hears every company a committed transaction marked (markCompanyChanged). Answers how to stop. */
  onCommittedChange(listener: CommittedChangeListener): () => void {
    this.committedChangeListeners.add(listener);
    return () => {
      this.committedChangeListeners.delete(listener);
    };
  }

  /** `listener` hears every after-commit effect that threw (without one, it goes to stderr). Answers how to stop. */
  onEffectFailure(listener: EffectFailureListener): () => void {
    this.effectFailureListeners.add(listener);
    return () => {
      this.effectFailureListeners.delete(listener);
    };
  }

  /**
   * Every transaction of the application: once it has committed, its marks are announced and then
   * its after-commit effects run, each once; a rolled-back one drops both.
   */
  private async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const state: TransactionState = { changed: new Set<string>(), effects: [], open: true };
    let result: T;
    try {
      result = await this.openTransaction((tx) => {
        follow(tx, state);
        return fn(tx);
      });
    } finally {
      state.open = false;
    }
    for (const companyId of state.changed!) for (const listener of this.committedChangeListeners) listener(companyId);
    const effects = state.effects.splice(0);
    for (const effect of effects) {
      try {
        await effect();
      } catch (error) {
        this.effectFailed(error);
      }
    }
    return result;
  }

  private effectFailed(error: unknown): void {
    if (this.effectFailureListeners.size === 0) {
      process.stderr.write(`after-commit effect failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      return;
    }
    for (const listener of this.effectFailureListeners) {
      try {
        listener(error);
      } catch {
        // A failing logger must not stop the other effects.
      }
    }
  }

  close(): Promise<void> {
    return this.closeClient();
  }

  /**
   * Runs `fn` in a transaction as the application role with the tenant set: row-level security
   * then shows and accepts only that company's rows. Both settings are transaction-local
   * (`set_config(..., true)` is SET LOCAL), so a pooled connection never leaks them.
   */
  withTenant<T>(companyId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', ${APP_ROLE}, true), set_config('app.company_id', ${companyId}, true)`);
      return fn(tx);
    });
  }

  /** The application role without a tenant: only the public tables (plans, company_hosts) answer. */
  withoutTenant<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', ${APP_ROLE}, true)`);
      return fn(tx);
    });
  }

  /**
   * The connecting (owner) role with the tenant set, for provisioning such as the demo seed: it may
   * write companies and hosts, and FORCE row-level security still confines it to that company.
   * Provisioning may change anything of the company, so it always marks the company changed.
   */
  asOwnerForTenant<T>(companyId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.transaction(async (tx) => {
      markCompanyChanged(tx, companyId);
      await tx.execute(sql`select set_config('app.company_id', ${companyId}, true)`);
      return fn(tx);
    });
  }

  /** The owner role, no tenant: global data only (the plans). */
  asOwner<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.transaction(fn);
  }
}
