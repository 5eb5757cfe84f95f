import type { Clock } from '../common/clock';
import type { LobbyConfig } from '../config/config';
import type { Database } from '../db/database';
import type { LobbyAnnouncer } from './announcer';

/** What every part of the join-request service works with. */
export interface LobbyDeps {
  db: Database;
  clock: Clock;
  lobby: LobbyConfig;
  announcer: LobbyAnnouncer;
}

/** The deadline of a request waiting for staff, counted from `now`. */
export function waitingDeadline(lobby: LobbyConfig, now: Date): Date {
  return new Date(now.getTime() + lobby.requestTimeoutSeconds * 1000);
}
