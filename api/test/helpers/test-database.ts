import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { Database, PGLITE_EXTENSIONS } from '../../src/db/database';

export interface TestDatabase {
  /** The database's own URL, on PostgreSQL. */
  url?: string;
  open(): Promise<Database>;
  drop(): Promise<void>;
}

// The package's exports map hides package.json: read it beside dist/.
const pglitePackageJson = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
const pgliteVersion = (JSON.parse(readFileSync(pglitePackageJson, 'utf8')) as { version: string }).version;
const TEMPLATE_FILE = path.join(os.tmpdir(), `incontra-pglite-initdb-${pgliteVersion}.tar`);

/**
 * PGlite's initdb costs seconds; loading its result costs about one. The freshly initialised,
 * empty data directory is dumped once per machine and every test file starts from a copy.
 */
async function pgliteTemplate(): Promise<Blob> {
  if (!existsSync(TEMPLATE_FILE)) {
    const client = await PGlite.create('memory://');
    const dump = await client.dumpDataDir('none');
    await client.close();
    const partial = `${TEMPLATE_FILE}.${process.pid}.tmp`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, TEMPLATE_FILE);
  }
  return new Blob([await readFile(TEMPLATE_FILE)]);
}

async function onMaintenanceDatabase<T>(url: URL, fn: (client: Client) => Promise<T>): Promise<T> {
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database for one test file: PGlite in memory by default; with DATABASE_URL a new
 * database on that PostgreSQL server (test files run in parallel), dropped afterwards.
 */
export async function createTestDatabase(serverUrl = process.env.DATABASE_URL): Promise<TestDatabase> {
  if (!serverUrl) {
    return {
      open: async () => Database.fromPglite(await PGlite.create({ dataDir: 'memory://', loadDataDir: await pgliteTemplate(), extensions: PGLITE_EXTENSIONS })),
      drop: async () => undefined,
    };
  }
  const url = new URL(serverUrl);
  const name = `incontra_test_${process.env.JEST_WORKER_ID ?? '0'}_${randomBytes(6).toString('hex')}`;
  await onMaintenanceDatabase(url, (client) => client.query(`create database "${name}"`));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    open: () => Database.open({ driver: 'postgres', url: url.toString() }),
    drop: async () => {
      await onMaintenanceDatabase(url, (client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}
