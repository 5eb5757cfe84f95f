import * as z from 'zod/mini';
import { IT_USERS } from '../messages/it-users';
import { userRoleSchema } from './auth';
import { listPageShape, listQueryShape } from './list-page';

/*
 * The back office's users (GET/POST /api/users, GET/POST/DELETE /api/users/{id}). An admin never
 * types a password: a new user is mailed a link to choose one.
 */

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;
export const USER_NAME_MAX = 100;
/** RFC 5321's limit on a path. */
const EMAIL_MAX = 254;
/** More stores than any company has: a bound on the body, not a rule. */
const USER_STORES_MAX = 500;

/** How long an invitation's link lets the new user choose a password: a week, time enough to see the e-mail. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A user as the back office lists it. */
export const managedUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  role: userRoleSchema,
  active: z.boolean(),
  /** The stores the user serves; none means every store (and an admin serves every store anyway). */
  storeIds: z.array(z.uuid()),
  /** False until the user has chosen a password through the invitation (or a reset) link. */
  passwordChosen: z.boolean(),
  createdAt: z.string(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

/** The orders a users' list takes (GET /api/users?sort=): by the name shown, e-mail, role, state. */
export const USER_SORT_KEYS = ['name', 'email', 'role', 'status'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];

/** GET /api/users?page=&pageSize=&q=&sort=&dir= : searched by username, e-mail and name; by username. */
export const usersQuerySchema = z.object(listQueryShape(USER_SORT_KEYS));
export type UsersQuery = z.infer<typeof usersQuerySchema>;

export const usersPageSchema = z.object({
  ...listPageShape(managedUserSchema),
  /** The company's active admins, on every page: the last one can be neither deactivated nor deleted. */
  activeAdmins: z.int(),
});
export type UsersPage = z.infer<typeof usersPageSchema>;

export const usernameSchema = z
  .string({ error: IT_USERS.validation.usernameInvalid })
  .check(
    z.trim(),
    z.minLength(USERNAME_MIN, IT_USERS.validation.usernameInvalid),
    z.maxLength(USERNAME_MAX, IT_USERS.validation.usernameInvalid),
    z.regex(USERNAME_PATTERN, IT_USERS.validation.usernameInvalid),
  );

export const userEmailSchema = z.pipe(
  z.string({ error: IT_USERS.validation.emailInvalid }).check(z.trim(), z.maxLength(EMAIL_MAX, IT_USERS.validation.emailInvalid)),
  z.email(IT_USERS.validation.emailInvalid),
);

/** An optional name: trimmed, at most 100 characters; empty or null is no name. */
const optionalName = (message: string) =>
  z.optional(
    z.nullable(
      z.pipe(
        z.string({ error: message }).check(z.trim(), z.maxLength(USER_NAME_MAX, message)),
        z.transform((name) => (name === '' ? null : name)),
      ),
    ),
  );

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Checked as a whole, so that a refusal names `storeIds` (not `storeIds.3`). */
export const userStoreIdsSchema = z.array(z.string({ error: IT_USERS.validation.storeIdsInvalid }), { error: IT_USERS.validation.storeIdsInvalid }).check(
  z.maxLength(USER_STORES_MAX, IT_USERS.validation.storeIdsInvalid),
  z.refine((ids) => ids.every((id) => UUID.test(id)), { error: IT_USERS.validation.storeIdsInvalid }),
);

const roleSchema = z.enum(['admin', 'operator'], { error: IT_USERS.validation.roleInvalid });

/** POST /api/users: the new user; the invitation goes to `email`. */
export const userBodySchema = z.object({
  username: usernameSchema,
  email: userEmailSchema,
  firstName: optionalName(IT_USERS.validation.firstNameInvalid),
  lastName: optionalName(IT_USERS.validation.lastNameInvalid),
  role: roleSchema,
  storeIds: z.optional(userStoreIdsSchema),
});
export type UserBody = z.input<typeof userBodySchema>;

/**
 * POST /api/users/{id}: the fields given change, the others stay. `active: false` ends the user's
 * sessions at once; `sendInvitation: true` mails a fresh link to a user who has not chosen a
 * password yet (the older links stop working).
 */
export const userUpdateBodySchema = z.extend(z.partial(userBodySchema), {
  active: z.optional(z.boolean({ error: IT_USERS.validation.activeInvalid })),
  sendInvitation: z.optional(z.boolean({ error: IT_USERS.validation.sendInvitationInvalid })),
});
export type UserUpdateBody = z.input<typeof userUpdateBodySchema>;
