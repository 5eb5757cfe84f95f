import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CompanySettings } from './company-settings';

/*
 * Every tenant-owned table carries company_id, and children reference their parent through
 * (id, company_id) so a row can never point into another company. Row-level security on these
 * tables is in the hand-written migration drizzle/0001_row_level_security.sql.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    primaryColor: text('primary_color').notNull().default('#f5a623'),
    theme: text('theme').notNull().default('easy'),
    logo: text('logo'),
    privacyPolicy: text('privacy_policy'),
    tosPolicy: text('tos_policy'),
    wall: text('wall'),
    settings: jsonb('settings').$type<CompanySettings>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [check('companies_theme_check', sql`${t.theme} in ('easy', 'modern', 'elegant')`)],
);

/** Host name → company. Public routing data: not row-level secured (see the RLS migration). */
export const companyHosts = pgTable(
  'company_hosts',
  {
    host: text('host').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (t) => [index('company_hosts_company_idx').on(t.companyId)],
);

export const stores = pgTable(
  'stores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address'),
    wall: text('wall'),
    createdAt: createdAt(),
  },
  (t) => [unique('stores_id_company_unique').on(t.id, t.companyId), unique('stores_company_name_unique').on(t.companyId, t.name)],
);

export const rooms = pgTable(
  'rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    storeId: uuid('store_id').notNull(),
    name: text('name').notNull(),
    reservationSlots: integer('reservation_slots').notNull().default(1),
    slotDuration: integer('slot_duration').notNull().default(30),
    maxParticipants: integer('max_participants'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.storeId, t.companyId], foreignColumns: [stores.id, stores.companyId] }).onDelete('cascade'),
    unique('rooms_id_company_unique').on(t.id, t.companyId),
    unique('rooms_store_name_unique').on(t.storeId, t.name),
    index('rooms_company_idx').on(t.companyId),
    check('rooms_reservation_slots_check', sql`${t.reservationSlots} >= 0`),
    check('rooms_slot_duration_check', sql`${t.slotDuration} > 0`),
    check('rooms_max_participants_check', sql`${t.maxParticipants} is null or ${t.maxParticipants} > 0`),
  ],
);

export const roomTranslations = pgTable(
  'room_translations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    roomId: uuid('room_id').notNull(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    language: text('language').notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.roomId, t.companyId], foreignColumns: [rooms.id, rooms.companyId] }).onDelete('cascade'),
    unique('room_translations_room_key_language_unique').on(t.roomId, t.key, t.language),
    index('room_translations_company_idx').on(t.companyId),
  ],
);

export const topics = pgTable(
  'topics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    storeId: uuid('store_id').notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.storeId, t.companyId], foreignColumns: [stores.id, stores.companyId] }).onDelete('cascade'),
    unique('topics_store_name_unique').on(t.storeId, t.name),
    index('topics_company_idx').on(t.companyId),
  ],
);

/** The weekly opening of a room for reservations: weekday 1 = Monday … 7 = Sunday (ISO). */
export const slotSchedules = pgTable(
  'slot_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    roomId: uuid('room_id').notNull(),
    weekday: smallint('weekday').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.roomId, t.companyId], foreignColumns: [rooms.id, rooms.companyId] }).onDelete('cascade'),
    unique('slot_schedules_room_weekday_start_unique').on(t.roomId, t.weekday, t.startTime),
    index('slot_schedules_company_idx').on(t.companyId),
    check('slot_schedules_weekday_check', sql`${t.weekday} between 1 and 7`),
    check('slot_schedules_range_check', sql`${t.startTime} < ${t.endTime}`),
  ],
);

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

/** The product's price list: global, not owned by a tenant. */
export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  price: integer('price').notNull(),
  usersLimit: integer('users_limit').notNull(),
  rooms: integer('rooms').notNull(),
  trialDays: integer('trial_days').notNull().default(0),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .unique()
      .references(() => companies.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    nextPlanId: text('next_plan_id').references(() => plans.id),
    status: text('status').notNull(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    currentPeriodEndsAt: timestamp('current_period_ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('subscriptions_status_check', sql`${t.status} in ('trialing', 'active', 'past_due', 'canceled')`)],
);

/** Every e-mail the product sends, written in the same transaction as the change that caused it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('mail_outbox_company_created_idx').on(t.companyId, t.createdAt)],
);

/**
 * Room access tokens revoked by a kick. A token names its participant identity (one per join); a
 * revoked identity can neither enter the signalling of its room nor come back with that token.
 * A row is useless once `expires_at`, the token's own expiry, has passed.
 */
export const videoRoomRevocations = pgTable(
  'video_room_revocations',
  {
    identity: text('identity').primaryKey(),
    companyId: uuid('company_id').notNull(),
    roomId: uuid('room_id').notNull(),
    revokedBy: uuid('revoked_by'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.roomId, t.companyId], foreignColumns: [rooms.id, rooms.companyId] }).onDelete('cascade'),
    index('video_room_revocations_company_idx').on(t.companyId),
  ],
);

/**
 * Files of a room, kept through the uploads port under `storage_key`. `kind` 'document' is the
 * room's document list; 'chat' is a file sent in the room chat (not listed, reachable by its link).
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    roomId: uuid('room_id').notNull(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    uploadedBy: text('uploaded_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.roomId, t.companyId], foreignColumns: [rooms.id, rooms.companyId] }).onDelete('cascade'),
    index('documents_room_created_idx').on(t.roomId, t.createdAt),
    index('documents_company_idx').on(t.companyId),
    check('documents_kind_check', sql`${t.kind} in ('document', 'chat')`),
    check('documents_size_check', sql`${t.size} >= 0`),
  ],
);
