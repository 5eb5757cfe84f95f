import type { LoginBody, Me, UpdateMeBody, UpdatePasswordBody } from '@incontra/contracts/api/auth';
import type { PublicCompany } from '@incontra/contracts/api/company';
import { IT } from '@incontra/contracts/messages/it';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import type { Database } from '../db/database';
import { HttpError } from '../http/http-error';
import { toMe } from './me';
import { decoyHash, hashPassword, verifyPassword } from './password-hasher';
import type { StaffContext } from './authenticate';
import type { SessionService } from './session-service';
import * as users from '../users/facade';

export const wrongCredentials = () => new HttpError(401, IT_BACKOFFICE.wrongCredentials);
export const unauthorized = () => new HttpError(401, IT.errors.unauthorized);

export interface SignedIn {
  token: string;
  user: Me;
}

export class AuthService {
  private readonly db: Database;
  private readonly sessions: SessionService;

  constructor({ db, sessions }: { db: Database; sessions: SessionService }) {
    this.db = db;
    this.sessions = sessions;
  }

  /**
   * Company (slug of the host's company), username and password, or 401 with one message for
   * every wrong combination. The password is checked even when the account does not exist, so
   * the answer takes as long either way. The previous session, if any, ends: a new id every time.
   */
  async login(company: PublicCompany, body: LoginBody, previousToken: string | null): Promise<SignedIn> {
    const user = await this.db.withTenant(company.id, (tx) => users.findUserByUsername(tx, company.id, body.username));
    const passwordOk = await verifyPassword(body.password, user?.passwordHash ?? (await decoyHash()));
    const sameCompany = body.company.trim().toLowerCase() === company.slug;
    if (!user || !user.active || !passwordOk || !sameCompany) throw wrongCredentials();
    const token = await this.db.withTenant(company.id, async (tx) => {
      if (previousToken) await this.sessions.end(tx, company.id, previousToken);
      return this.sessions.start(tx, company.id, user.id);
    });
    return { token, user: toMe(user) };
  }

  /** Signing out ends this session and its places in the video rooms; the user's other sessions stay. */
  async logout(companyId: string, token: string): Promise<void> {
    await this.db.withTenant(companyId, (tx) => this.sessions.end(tx, companyId, token));
  }

  async updateMe(staff: StaffContext, body: UpdateMeBody): Promise<Me> {
    const { companyId, id } = staff.user;
    return this.db.withTenant(companyId, async (tx) => {
      const updated = await users.updateOwnProfile(tx, companyId, id, {
        email: body.email,
        firstName: body.firstName === undefined ? staff.user.firstName : body.firstName || null,
        lastName: body.lastName === undefined ? staff.user.lastName : body.lastName || null,
      });
      if (!updated) throw unauthorized();
      return toMe(updated);
    });
  }

  /** A new password ends every other session of the user, and their room entries; this one stays signed in. */
  async updatePassword(staff: StaffContext, body: UpdatePasswordBody): Promise<void> {
    const { companyId, id } = staff.user;
    if (!(await verifyPassword(body.currentPassword, staff.user.passwordHash))) {
      throw new HttpError(422, IT_BACKOFFICE.wrongCurrentPassword, 'currentPassword');
    }
    const passwordHash = await hashPassword(body.newPassword);
    await this.db.withTenant(companyId, async (tx) => {
      await users.updatePasswordHash(tx, companyId, id, passwordHash);
      await this.sessions.revokeUserSessions(tx, companyId, id, staff.sessionId);
    });
  }
}
