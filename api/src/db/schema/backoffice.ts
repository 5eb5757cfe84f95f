/*
 * What the back office adds: which rooms serve a topic, the dated exceptions to a room's weekly
 * opening, the activity log of management writes (append-only but for its retention) and its
 * settings. Row-level security (and the log's missing UPDATE grant, and its DELETE allowed only
 * with a retention chosen) in the hand-written parts of drizzle/0006 and 0014.
 */
import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { companies, rooms, topics } from './tenancy';
import { createdAt } from './columns';

/** A topic is served by the rooms named here; none means every room of its store. */
export const topicRooms = pgTable(
  'topic_rooms',
  {
    companyId: uuid('company_id').notNull(),
    topicId: uuid('topic_id').notNull(),
    roomId: uuid('room_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.topicId, t.roomId] }),
    foreignKey({ columns: [t.topicId, t.companyId], foreignColumns: [topics.id, topics.companyId] }).onDelete('cascade'),
    foreignKey({ columns: [t.roomId, t.companyId], foreignColumns: [rooms.id, rooms.companyId] }).onDelete('cascade'),
    index('topic_rooms_company_idx').on(t.companyId),
    index('topic_rooms_room_idx').on(t.roomId),
  ],
);

/** One wall-clock range of a day, "HH:MM" to "HH:MM" in the company's time zone. */
export interface TimeRange {
  start: string;
  end: string;
}

/**
 * A date on which a room does not follow its weekly opening: closed (no ranges) or open at the
 * ranges given (special hours, e.g. a holiday morning).
 */
export const roomOpeningExceptions = pgTable(
  'room_opening_exceptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    roomId: uuid('room_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    ranges: jsonb('ranges').$type<TimeRange[]>().notNull().default([]),
    note: text('note'),
  },
  (t) => [
    foreignKey({ columns: [t.roomId, t.companyId], foreignColumns: [rooms.id, rooms.companyId] }).onDelete('cascade'),
    unique('room_opening_exceptions_room_date_unique').on(t.roomId, t.date),
    index('room_opening_exceptions_company_idx').on(t.companyId),
  ],
);

/** Every management write: who did what to which entity, when. Rows are only ever added. */
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The author; kept (without a foreign key) when the user is later deleted, as is their name. */
    userId: uuid('user_id'),
    userName: text('user_name').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    summary: text('summary').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_log_company_created_idx').on(t.companyId, t.createdAt),
    index('activity_log_company_user_idx').on(t.companyId, t.userId, t.createdAt),
    index('activity_log_company_entity_idx').on(t.companyId, t.entityType, t.createdAt),
    check('activity_log_action_check', sql`${t.action} in ('create', 'update', 'delete')`),
  ],
);

/**
 * The company's settings of its activity log, one row at most: none means the defaults (entries
 * kept for ever). A table of the activity domain rather than a column of companies: the company's
 * row is the tenancy's, cached and served to every visitor; this is read by the log's sweep only.
 */
export const activitySettings = pgTable(
  'activity_settings',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Days an entry is kept (ACTIVITY_RETENTION_DAYS); null: for ever. */
    retentionDays: integer('retention_days'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('activity_settings_retention_days_check', sql`${t.retentionDays} in (90, 180, 365, 730)`)],
);
