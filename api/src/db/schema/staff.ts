/* Staff accounts, their sessions and password-reset tokens. */
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './tenancy';
import { createdAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    active: boolean('active').notNull().default(true),
    firstName: text('first_name'),
    lastName: text('last_name'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('users_id_company_unique').on(t.id, t.companyId),
    uniqueIndex('users_company_username_unique').on(t.companyId, sql`lower(${t.username})`),
    uniqueIndex('users_company_email_unique').on(t.companyId, sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('admin', 'operator')`),
  ],
);

/** Staff sessions. `id` is the SHA-256 of the cookie value: a leaked table gives no usable session. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.userId, t.companyId], foreignColumns: [users.id, users.companyId] }).onDelete('cascade'),
    index('sessions_user_idx').on(t.userId),
    index('sessions_company_idx').on(t.companyId),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({ columns: [t.userId, t.companyId], foreignColumns: [users.id, users.companyId] }).onDelete('cascade'),
    index('password_reset_tokens_company_idx').on(t.companyId),
  ],
);

/**
 * Sign-in attempts of one account (company + username as typed, lower-cased; unknown names too,
 * so that the answer tells nothing). An attempt is counted here before its password is checked.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    failures: integer('failures').notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.username] }), index('login_throttles_company_last_idx').on(t.companyId, t.lastAttemptAt)],
);
