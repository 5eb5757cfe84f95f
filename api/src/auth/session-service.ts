import { SESSION } from '@incontra/contracts/constants';
import type { Database, Tx } from '../db/database';
import type { Clock } from '../common/clock';
import * as sessionRepository from './session-repository';
import { findUserById, type UserRow } from './user-repository';
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
 */
export class SessionService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

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
  resolve(companyId: string, token: string): Promise<ActiveSession | null> {
    const id = tokenHash(token);
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
      if (idleFor > TOUCH_INTERVAL_MS) await sessionRepository.touchSession(tx, companyId, id, now);
      return { id, user };
    });
  }

  async destroy(tx: Tx, companyId: string, token: string): Promise<void> {
    await sessionRepository.deleteSession(tx, companyId, tokenHash(token));
  }

  async revokeUserSessions(tx: Tx, companyId: string, userId: string, keepSessionId?: string): Promise<void> {
    await sessionRepository.deleteUserSessions(tx, companyId, userId, keepSessionId);
  }
}
