import type { FastifyBaseLogger } from 'fastify';
import type { Authenticate } from '../auth/authenticate';
import type { SessionService } from '../auth/session-service';
import type { Clock } from '../common/clock';
import type { CompanyCache } from '../cache/company-cache';
import type { AppConfig } from '../config/config';
import type { Database } from '../db/database';
import type { Mailer } from '../mail/mailer';
import type { PubSub } from '../realtime/pubsub';
import type { TenancyService } from '../tenancy/service';
import type { UploadStore } from '../uploads/upload-store';
import type { StaffRoomEntries } from '../video-room/service';

/**
 * What every back-office management area (users, stores and topics, rooms and their opening,
 * company and texts, translations and the activity log) is given by app.ts. Each area builds its
 * own service from these and registers its routes; their access is in ROUTE_PERMISSIONS.
 */
export interface ManagementDeps {
  db: Database;
  clock: Clock;
  config: AppConfig;
  log: FastifyBaseLogger;
  authenticate: Authenticate;
  tenancy: TenancyService;
  sessions: SessionService;
  mailer: Mailer;
  /** The process's pub/sub (Redis when configured): cache invalidation, sockets to end. */
  pubsub: PubSub;
  uploads: UploadStore;
  /** Reads of a company's data kept in process until the company changes (see CompanyCache). */
  cache: CompanyCache;
  /** Deactivating or deleting a staff member ends their presence in the video rooms. */
  roomEntries: StaffRoomEntries;
}
