import type * as z from 'zod/mini';
import { listRequestOf } from '@incontra/contracts/api/list-page';
import {
  INVITATION_TTL_MS,
  type ManagedUser,
  type userBodySchema,
  type UsersPage,
  type UsersQuery,
  type userUpdateBodySchema,
} from '@incontra/contracts/api/users';
import { userRoleSchema } from '@incontra/contracts/api/auth';
import { IT_USERS } from '@incontra/contracts/messages/it-users';
import { ROUTES } from '@incontra/contracts/routes';
import { recordActivity } from '../activity/activity-log';
import type { StaffContext } from '../auth/authenticate';
import { issuePasswordToken } from '../auth/facade';
import { assertPlanAllowsOneMore, lockPlanUsage } from '../billing/plan-limits';
import { displayNameOf, type StaffMember } from '../common/staff-member';
import { afterCommit, type Tx } from '../db/database';
import { HttpError } from '../http/http-error';
import { announceStaffChange, type StaffChange } from '../lobby-realtime/staff-changes';
import { enqueueMail } from '../mail/after-commit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { StaffRoomEntries } from '../video-room/service';
import { pendingPasswordHash } from './password-pending';
import { assertUniqueFields, takenError, uniqueFieldOf } from './unique-fields';
import * as repository from './user-repository';

type CreateBody = z.output<typeof userBodySchema>;
type UpdateBody = z.output<typeof userUpdateBodySchema>;

const notFound = () => new HttpError(404, IT_USERS.errors.notFound);
const unprocessable = (message: string) => new HttpError(422, message);

function toManagedUser(row: repository.ManagedUserRow): ManagedUser {
  return { ...row, role: userRoleSchema.parse(row.role), createdAt: row.createdAt.toISOString() };
}

/** Unique values, in their first order: a store named twice is served once. */
function distinct(ids: readonly string[] | undefined): string[] | undefined {
  return ids && [...new Set(ids.map((id) => id.toLowerCase()))];
}

/**
 * The company's staff accounts. Every write runs in one transaction under the company's users lock
 * (the plan's advisory lock), so the plan's count, the uniqueness checks and the "last active admin"
 * rule each see the writes before them. A user is never given a password by an admin: a new one
 * holds an unusable hash and is mailed a link (a reset token valid INVITATION_TTL_MS) to choose one.
 */
export class UsersService {
  constructor(
    private readonly deps: Pick<FastifyInstance, 'db' | 'clock' | 'mailer' | 'pubsub' | 'sessions' | 'cache'> & {
      log: FastifyBaseLogger;
      roomEntries: StaffRoomEntries;
    },
  ) {}

  /** A page of the list (admins only, so the same for every viewer), kept in the company's cache. */
  list(companyId: string, query: UsersQuery): Promise<UsersPage> {
    const request = listRequestOf(query);
    return this.deps.cache.read(companyId, `users:${JSON.stringify(request)}`, async () => {
      const page = await this.deps.db.withTenant(companyId, (tx) => repository.listUsersPage(tx, companyId, request));
      return { items: page.rows.map(toManagedUser), total: page.total, page: request.page, pageSize: request.pageSize, activeAdmins: page.activeAdmins };
    });
  }

  async get(companyId: string, userId: string): Promise<ManagedUser> {
    const row = await this.deps.db.withTenant(companyId, (tx) => repository.findManagedUser(tx, companyId, userId));
    if (!row) throw notFound();
    return toManagedUser(row);
  }

  async create(staff: StaffContext, body: CreateBody): Promise<ManagedUser> {
    const companyId = staff.company.id;
    const passwordHash = await pendingPasswordHash();
    const storeIds = distinct(body.storeIds) ?? [];
    return this.write(staff, async (tx) => {
      await assertPlanAllowsOneMore(tx, companyId, 'users');
      await assertUniqueFields(tx, companyId, null, body);
      await this.assertStores(tx, companyId, storeIds);
      const user = { username: body.username, email: body.email, firstName: body.firstName ?? null, lastName: body.lastName ?? null };
      const userId = await repository.insertUser(tx, companyId, { ...user, role: body.role, passwordHash });
      await repository.replaceUserStores(tx, companyId, userId, storeIds);
      await this.invite(tx, staff, { id: userId, ...user });
      await this.record(tx, staff, 'create', userId, IT_USERS.activity.created(displayNameOf({ id: userId, ...user })));
      return this.reread(tx, companyId, userId);
    });
  }

  async update(staff: StaffContext, userId: string, body: UpdateBody): Promise<ManagedUser> {
    const companyId = staff.company.id;
    const storeIds = distinct(body.storeIds);
    return this.write(staff, async (tx) => {
      // The plan's lock: the count of active admins, the uniqueness checks and the plan's count each see the writes before them.
      await lockPlanUsage(tx, companyId);
      // The user's row: a room join under way (which holds it shared) is seen before, or sees this write after.
      await repository.lockUser(tx, companyId, userId);
      const current = await repository.findManagedUser(tx, companyId, userId);
      if (!current) throw notFound();

      const changes = changedFields(current, body);
      const deactivating = changes.active === false;
      if (deactivating && userId === staff.user.id) throw unprocessable(IT_USERS.errors.selfDeactivate);
      if (current.active && current.role === 'admin' && (deactivating || changes.role === 'operator')) {
        if ((await repository.countActiveAdmins(tx, companyId)) <= 1) {
          throw unprocessable(deactivating ? IT_USERS.errors.lastAdminDeactivate : IT_USERS.errors.lastAdminDemote);
        }
      }
      if (changes.active === true) await assertPlanAllowsOneMore(tx, companyId, 'users');
      await assertUniqueFields(tx, companyId, userId, changes);
      const storesChanged = storeIds !== undefined && !sameSet(storeIds, current.storeIds);
      if (storeIds && storesChanged) await this.assertStores(tx, companyId, storeIds);

      const active = changes.active ?? current.active;
      const pending = !current.passwordChosen;
      if (body.sendInvitation && !active) throw unprocessable(IT_USERS.errors.invitationInactive);
      if (body.sendInvitation && !pending) throw unprocessable(IT_USERS.errors.invitationNotNeeded);

      await repository.updateUser(tx, companyId, userId, changes);
      if (storeIds && storesChanged) await repository.replaceUserStores(tx, companyId, userId, storeIds);
      const change = deactivating ? 'ended' : changes.role !== undefined || storesChanged ? 'changed' : null;
      if (change) this.announceAfterCommit(tx, companyId, userId, change);
      // Deactivated: every session ends, and every room entry with it. Fewer stores served (new
      // stores, or an admin made operator): out of the rooms of the stores no longer served.
      // Either is put out of its rooms once committed.
      const narrowed = storesChanged || changes.role !== undefined;
      if (deactivating) await this.deps.sessions.revokeUserSessions(tx, companyId, userId, undefined, staff.user.id);
      else if (narrowed) {
        const entries = await this.deps.roomEntries.revokeStaffEntries(tx, companyId, userId, staff.user.id, { unservedOnly: true });
        if (entries.length > 0) afterCommit(tx, () => this.deps.roomEntries.putOut(companyId, entries));
      }

      const after: StaffMember = {
        id: userId,
        username: changes.username ?? current.username,
        firstName: changes.firstName !== undefined ? changes.firstName : current.firstName,
        lastName: changes.lastName !== undefined ? changes.lastName : current.lastName,
      };
      const name = displayNameOf(after);
      const fieldsChanged = Object.keys(changes).some((key) => key !== 'active') || storesChanged;
      if (fieldsChanged) await this.record(tx, staff, 'update', userId, IT_USERS.activity.updated(name));
      if (changes.active !== undefined) {
        await this.record(tx, staff, 'update', userId, changes.active ? IT_USERS.activity.reactivated(name) : IT_USERS.activity.deactivated(name));
      }
      // A changed e-mail of someone still to choose a password: the invitation went to the old one.
      const invite = active && pending && (body.sendInvitation === true || changes.email !== undefined);
      if (invite) {
        await this.invite(tx, staff, { ...after, email: changes.email ?? current.email });
        await this.record(tx, staff, 'update', userId, IT_USERS.activity.invited(name));
      }
      return this.reread(tx, companyId, userId);
    });
  }

  async remove(staff: StaffContext, userId: string): Promise<void> {
    const companyId = staff.company.id;
    await this.write(staff, async (tx) => {
      // The plan's lock: the count of active admins, the uniqueness checks and the plan's count each see the writes before them.
      await lockPlanUsage(tx, companyId);
      const current = await repository.findManagedUser(tx, companyId, userId);
      if (!current) throw notFound();
      if (userId === staff.user.id) throw unprocessable(IT_USERS.errors.selfDelete);
      if (current.active && current.role === 'admin' && (await repository.countActiveAdmins(tx, companyId)) <= 1) {
        throw unprocessable(IT_USERS.errors.lastAdminDelete);
      }
      this.announceAfterCommit(tx, companyId, userId, 'ended');
      // Before the user's row goes: their entries go with it (put out of their rooms once committed).
      await this.deps.sessions.revokeUserSessions(tx, companyId, userId, undefined, staff.user.id);
      await repository.deleteUser(tx, companyId, userId);
      await this.record(tx, staff, 'delete', userId, IT_USERS.activity.deleted(displayNameOf(current)));
    });
  }

  /**
   * The write in one transaction; what it does once committed (the invitation's delivery, the
   * lobby's notice, the put-out of revoked room entries) each part registers with afterCommit.
   */
  private async write<T>(staff: StaffContext, work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.deps.db.withTenant(staff.company.id, work);
    } catch (error) {
      const field = uniqueFieldOf(error);
      if (field) throw takenError(field);
      throw error;
    }
  }

  /** Once `tx` has committed, the user's lobby sockets hear of the change (on every process). */
  private announceAfterCommit(tx: Tx, companyId: string, userId: string, change: StaffChange['change']): void {
    afterCommit(tx, () => announceStaffChange(this.deps.pubsub, this.deps.log, { companyId, userId, change }));
  }

  private async assertStores(tx: Tx, companyId: string, storeIds: readonly string[]): Promise<void> {
    if (!(await repository.allStoresOfCompany(tx, companyId, storeIds))) throw new HttpError(400, IT_USERS.validation.storeIdsInvalid, 'storeIds');
  }

  /** A single-use link to choose a password, valid a week, delivered once committed; the user's older links stop working. Answers the outbox id. */
  private async invite(tx: Tx, staff: StaffContext, user: StaffMember & { email: string }): Promise<string> {
    const companyId = staff.company.id;
    const token = await issuePasswordToken(tx, companyId, user.id, this.deps.clock(), INVITATION_TTL_MS);
    const link = `${staff.origin}${ROUTES.passwordReset}?token=${token}`;
    return enqueueMail(
      tx,
      this.deps.mailer,
      companyId,
      {
        to: user.email,
        subject: IT_USERS.mail.invitationSubject(staff.company.name),
        text: IT_USERS.mail.invitationText(user.firstName ?? user.username, staff.company.name, user.username, link),
      },
      staff.user,
    );
  }

  private record(tx: Tx, staff: StaffContext, action: 'create' | 'update' | 'delete', userId: string, summary: string): Promise<void> {
    return recordActivity(tx, staff.company.id, staff.user, { action, entityType: 'user', entityId: userId, summary });
  }

  private async reread(tx: Tx, companyId: string, userId: string): Promise<ManagedUser> {
    const row = await repository.findManagedUser(tx, companyId, userId);
    if (!row) throw new Error(`user ${userId} vanished inside its own transaction`);
    return toManagedUser(row);
  }
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  return left.size === new Set(b).size && b.every((id) => left.has(id));
}

/** The fields of the body that differ from the stored user (a username's case counts as a change). */
function changedFields(current: repository.ManagedUserRow, body: UpdateBody): repository.UserChanges {
  const changes: repository.UserChanges = {};
  if (body.username !== undefined && body.username !== current.username) changes.username = body.username;
  if (body.email !== undefined && body.email !== current.email) changes.email = body.email;
  if (body.firstName !== undefined && (body.firstName ?? null) !== current.firstName) changes.firstName = body.firstName ?? null;
  if (body.lastName !== undefined && (body.lastName ?? null) !== current.lastName) changes.lastName = body.lastName ?? null;
  if (body.role !== undefined && body.role !== current.role) changes.role = body.role;
  if (body.active !== undefined && body.active !== current.active) changes.active = body.active;
  return changes;
}
