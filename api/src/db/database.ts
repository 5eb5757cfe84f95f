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
import { Pool, type PoolClient } from 'pg';
import type { DatabaseConfig } from '../config/config';

const CONNECT_TIMEOUT_MS = 5000;

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

// The companies each open transaction has marked (see markCompanyChanged); gone with the handle.
const changedCompaniesOf = new WeakMap<Tx, Set<string>>();

/**
 * Marks, inside a transaction, that it changes data the company's cached reads depend on (its
 * users, stores, rooms, settings, sessions). The Database's listeners hear it once the
 * transaction has committed, never before (a reader could cache what is about to change) and never
 * for a rolled-back one. A savepoint's handle is not a transaction of ours: marking it throws.
 */
export function markCompanyChanged(tx: Tx, companyId: string): void {
  const marked = changedCompaniesOf.get(tx);
  if (!marked) throw new Error('markCompanyChanged outside a transaction opened by Database');
  marked.add(companyId);
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

export class Database {
  private readonly committedChangeListeners = new Set<CommittedChangeListener>();

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
      const pool = new Pool({ connectionString: config.url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      pool.on('error', onIdleError);
      pool.on('connect', (client) => client.on('error', onIdleError));
      const db = drizzlePostgres({ client: pool });
      return new Database(
        'postgres',
        pooledTransaction(pool),
        () => migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER }),
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

  /** Every transaction of the application: its marks are announced once it has committed. */
  private async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const changed = new Set<string>();
    const result = await this.openTransaction((tx) => {
      changedCompaniesOf.set(tx, changed);
      return fn(tx);
    });
    for (const companyId of changed) for (const listener of this.committedChangeListeners) listener(companyId);
    return result;
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
