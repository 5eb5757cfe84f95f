import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { COMPANY_CACHE_MAX_ENTRIES, COMPANY_CACHE_TTL_MS, CompanyCache } from '../cache/company-cache';
import { CompanyChanges } from '../cache/company-changes';
import { systemClock, type Clock } from '../common/clock';
import type { AppConfig } from '../config/config';
import { Database } from '../db/database';
import { createPubSub } from '../realtime/create-pubsub';
import type { PubSub } from '../realtime/pubsub';
import { seedDatabase } from '../seed/seed';
import { DiskUploadStore } from '../uploads/disk-upload-store';
import type { UploadStore } from '../uploads/upload-store';

declare module 'fastify' {
  /** What the core gives every plugin, on the instance (`app.db`, `app.pubsub`…). */
  interface FastifyInstance {
    config: AppConfig;
    clock: Clock;
    db: Database;
    /** The process's pub/sub (Redis when configured): cache invalidation, sockets to end. */
    pubsub: PubSub;
    uploads: UploadStore;
    /** Reads of a company's data kept in process until the company changes (see CompanyCache). */
    cache: CompanyCache;
    /** The one signal that a company's data changed, here and in the other processes: what keeps a company's data listens. */
    companyChanges: CompanyChanges;
  }
}

export interface CorePluginOptions {
  config: AppConfig;
  /** Tests' time; the system's otherwise. */
  clock?: Clock;
  /** An already opened database (tests); opened from the configuration otherwise. */
  database?: Database;
}

async function prepareDatabase(app: FastifyInstance, config: AppConfig, clock: Clock, database: Database | undefined): Promise<Database> {
  const started = performance.now();
  const db = database ?? (await Database.open(config.database, (error) => app.log.warn({ err: error }, 'idle database connection lost')));
  app.addHook('onClose', () => db.close());
  const opened = performance.now();
  await db.migrate();
  const migrated = performance.now();
  if (config.seed) await seedDatabase(db, clock());
  const ms = (from: number, to: number) => Math.round(to - from);
  app.log.debug({ driver: db.driver, openMs: ms(started, opened), migrateMs: ms(opened, migrated), seedMs: ms(migrated, performance.now()) }, 'database ready');
  return db;
}

/**
 * Plugin `core`: the configuration, the clock, the database (migrated, seeded when configured),
 * the pub/sub port, the uploads and the company cache, decorated once on the root instance. A
 * committed change of a company drops what the cache keeps of it, here at once and in the other
 * processes through the pub/sub port. Closed last (the database after everything else).
 */
export const corePlugin = fp<CorePluginOptions>(
  async (app, { config, clock = systemClock, database }) => {
    const db = await prepareDatabase(app, config, clock, database);
    // What a write does once committed (e-mail delivery, notices, put-outs) is logged here when it fails.
    const stopLoggingEffects = db.onEffectFailure((error) => app.log.error({ err: error }, 'after-commit effect failed'));
    app.addHook('onClose', async () => stopLoggingEffects());
    const pubsub = createPubSub(config, app.log);
    app.addHook('onClose', () => pubsub.close());
    const cache = new CompanyCache({ ttlMs: COMPANY_CACHE_TTL_MS, maxEntries: COMPANY_CACHE_MAX_ENTRIES, now: () => clock().getTime() });
    const companyChanges = new CompanyChanges(app.log);
    companyChanges.onChange((companyId) => (companyId ? cache.companyChanged(companyId) : cache.clear()));
    const stopAnnouncingChanges = db.onCommittedChange((companyId) => companyChanges.changed(companyId));
    app.addHook('onClose', async () => stopAnnouncingChanges());
    const stopHearingChanges = await companyChanges.listen(pubsub);
    app.addHook('onClose', () => stopHearingChanges().catch((error: unknown) => app.log.warn({ err: error }, 'company changes: unsubscribe failed')));
    app.decorate('config', config);
    app.decorate('clock', clock);
    app.decorate('db', db);
    app.decorate('pubsub', pubsub);
    app.decorate('uploads', new DiskUploadStore(config.uploadsDir));
    app.decorate('cache', cache);
    app.decorate('companyChanges', companyChanges);
  },
  { name: 'core' },
);
