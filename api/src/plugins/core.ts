import fp from 'fastify-plugin';
import type { Authenticate } from '../auth/authenticate';
import type { SessionService } from '../auth/session-service';
import type { CompanyCache } from '../cache/company-cache';
import type { Clock } from '../common/clock';
import type { AppConfig } from '../config/config';
import type { Database } from '../db/database';
import type { Mailer } from '../mail/mailer';
import type { PubSub } from '../realtime/pubsub';
import type { TenancyService } from '../tenancy/service';
import type { UploadStore } from '../uploads/upload-store';
import type { StaffRoomEntries } from '../video-room/service';

/** What the core gives every domain plugin, on the instance (`app.db`, `app.mailer`…). */
export interface Core {
  config: AppConfig;
  clock: Clock;
  db: Database;
  /** The process's pub/sub (Redis when configured): cache invalidation, sockets to end. */
  pubsub: PubSub;
  mailer: Mailer;
  uploads: UploadStore;
  /** Reads of a company's data kept in process until the company changes (see CompanyCache). */
  cache: CompanyCache;
  tenancy: TenancyService;
  sessions: SessionService;
  /** The staff scope's check (registerStaffRoutes). */
  authenticate: Authenticate;
}

declare module 'fastify' {
  interface FastifyInstance extends Core {
    /** The video room's facade: a staff member's entries ended when what they were given is taken back. */
    roomEntries: StaffRoomEntries;
  }
}

/** The core services, built by app.ts in order, decorated once on the root instance: plugin `core`. */
export const corePlugin = fp<Core>(
  async (app, core) => {
    for (const [name, value] of Object.entries(core)) app.decorate(name, value);
  },
  { name: 'core' },
);

/** The video room's facade for the other domains (users put out of rooms): plugin `video-room-entries`. */
export const roomEntriesPlugin = fp<{ roomEntries: StaffRoomEntries }>(
  async (app, { roomEntries }) => {
    app.decorate('roomEntries', roomEntries);
  },
  { name: 'video-room-entries', dependencies: ['core'] },
);
