import { SESSION } from '@incontra/contracts/constants';
import type { CompanyCache } from '../cache/company-cache';
import { afterCommit, type Database, type Tx } from '../db/database';
import type { Clock } from '../common/clock';
import type { RevokedEntry, StaffRoomEntries } from '../video-room/service';
import * as sessionRepository from './session-repository';
import { findUserById, type UserRow } from '../users/facade';
import { newToken, tokenHash } from './tokens';

/** Writing last_seen_at on every call would turn each read into a write: once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

export interface ActiveSession {
  /** The hash stored as sessions.id. */
  id: string;
  user: UserRow;
}

/**
 * Server-side sessions: the client holds 32 random bytes, the database only their SHA-256.
 * A session dies after SESSION.idleTimeoutMs unused or SESSION.absoluteTimeoutMs after sign-in.
 *
 * Every staff call resolves its session, so a live one is kept a few seconds in the company's
 * cache (never past its own end). Whatever ends a session or changes its user (signing out, a
 * revocation, a user changed or deleted, a new password) marks the company changed in its
 * transaction, and every process drops the company's sessions once it has committed. Ending a
 * user's sessions also ends the video room entries they made (see revokeUserSessions).
 */
export class SessionService {
  /** The video rooms, built after the sessions (they need the lobby, which needs sign-in): see connectRoomEntries. */
  private roomEntries: StaffRoomEntries | null = null;

  private readonly db: Database;
  private readonly clock: Clock;
  private readonly cache: CompanyCache;

  constructor({ db, clock, cache }: { db: Database; clock: Clock; cache: CompanyCache }) {
    this.db = db;
    this.clock = clock;
    this.cache = cache;
  }

  /** Once, at start: whose room entries a session's end takes back. */
  connectRoomEntries(entries: StaffRoomEntries): void {
    if (this.roomEntries) throw new Error('SessionService: room entries already connected');
    this.roomEntries = entries;
  }

  /** Starts a session inside the caller's tenant transaction and answers the token for the cookie. */
  async start(tx: Tx, companyId: string, userId: string): Promise<string> {
    const now = this.clock();
    await sessionRepository.deleteDeadUserSessions(tx, companyId, userId, now, new Date(now.getTime() - SESSION.idleTimeoutMs));
    const token = newToken();
    await sessionRepository.insertSession(tx, {
      id: tokenHash(token),
      companyId,
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION.absoluteTimeoutMs),
    });
    return token;
  }

  /** The live session of the company for this token, or null (unknown, expired, inactive user). */
  async resolve(companyId: string, token: string): Promise<ActiveSession | null> {
    const id = tokenHash(token);
    const live = await this.cache.read(
      companyId,
      `session:${id}`,
      () => this.load(companyId, id),
      (found) => (found ? found.liveUntil - this.clock().getTime() : 0),
    );
    // A kept session serves until its own end, checked on each call.
    return live && live.liveUntil > this.clock().getTime() ? live.session : null;
  }

  /** The session from the database, with the instant it dies unless used (or signed out) before. */
  private load(companyId: string, id: string): Promise<{ session: ActiveSession; liveUntil: number } | null> {
    return this.db.withTenant(companyId, async (tx) => {
      const session = await sessionRepository.findSession(tx, companyId, id);
      if (!session) return null;
      const now = this.clock();
      const idleFor = now.getTime() - session.lastSeenAt.getTime();
      if (now >= session.expiresAt || idleFor > SESSION.idleTimeoutMs) {
        await sessionRepository.deleteSession(tx, companyId, id);
        return null;
      }
      const user = await findUserById(tx, companyId, session.userId);
      if (!user || !user.active) return null;
      const touched = idleFor > TOUCH_INTERVAL_MS;
      if (touched) await sessionRepository.touchSession(tx, companyId, id, now);
      const lastSeenAt = touched ? now.getTime() : session.lastSeenAt.getTime();
      return { session: { id, user }, liveUntil: Math.min(session.expiresAt.getTime(), lastSeenAt + SESSION.idleTimeoutMs) };
    });
  }

  /**
   * Ends the session of this token (signing out, or a sign-in that replaces it) and what it was
   * given: the video room entries it made are revoked in the same transaction, on every process,
   * and put out of their rooms once it has committed; the user's other sessions and their entries stay.
   */
  async end(tx: Tx, companyId: string, token: string): Promise<void> {
    const id = tokenHash(token);
    const userId = await sessionRepository.deleteSession(tx, companyId, id);
    if (userId === null) return;
    this.putOutAfterCommit(tx, companyId, await this.connectedRoomEntries().revokeStaffEntries(tx, companyId, userId, userId, { onlySessionId: id }));
  }

  /**
   * Ends every session of the user but `keepSessionId`, and what they were given: their video room
   * entries are revoked in the same transaction (their tokens refused on every process) and put
   * out of their rooms once it has committed. `revokedBy`: who ends them (the user, or an admin).
   */
  async revokeUserSessions(tx: Tx, companyId: string, userId: string, keepSessionId?: string, revokedBy = userId): Promise<void> {
    await sessionRepository.deleteUserSessions(tx, companyId, userId, keepSessionId);
    this.putOutAfterCommit(tx, companyId, await this.connectedRoomEntries().revokeStaffEntries(tx, companyId, userId, revokedBy, { keepSessionId }));
  }

  private connectedRoomEntries(): StaffRoomEntries {
    if (!this.roomEntries) throw new Error('SessionService: room entries not connected');
    return this.roomEntries;
  }

  /** Once `tx` has committed: the revoked entries out of their rooms, on whichever process runs each. */
  private putOutAfterCommit(tx: Tx, companyId: string, entries: RevokedEntry[]): void {
    if (entries.length === 0) return;
    const roomEntries = this.connectedRoomEntries();
    afterCommit(tx, () => roomEntries.putOut(companyId, entries));
  }
}
