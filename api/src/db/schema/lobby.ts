/*
 * The live lobby: visitors' join requests and what leads to them (invitations, reservations),
 * phone verification codes and the SMS they travel in, and which stores each staff member serves.
 * Row-level security in the hand-written part of drizzle/0003.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { companies, rooms, stores } from './tenancy';
import { users } from './staff';
import { createdAt } from './columns';
import { reservations } from './booking';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The stores a staff member serves. None at all means every store of the company (the default
 * for a small company, and for admins).
 */
export const userStores = pgTable(
  'user_stores',
  {
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    storeId: uuid('store_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.storeId] }),
    foreignKey({ columns: [t.userId, t.companyId], foreignColumns: [users.id, users.companyId] }).onDelete('cascade'),
    foreignKey({ columns: [t.storeId, t.companyId], foreignColumns: [stores.id, stores.companyId] }).onDelete('cascade'),
    index('user_stores_company_idx').on(t.companyId),
  ],
);

/** A staff member's invitation for one visitor: a short code, or the live page's link carrying it. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    storeId: uuid('store_id').notNull(),
    roomId: uuid('room_id').notNull(),
    code: text('code').notNull(),
    name: text('name'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.storeId, t.companyId], foreignColumns: [stores.id, stores.companyId] }).onDelete('cascade'),
    foreignKey({ columns: [t.roomId, t.companyId], foreignColumns: [rooms.id, rooms.companyId] }).onDelete('cascade'),
    unique('invitations_id_company_unique').on(t.id, t.companyId),
    unique('invitations_company_code_unique').on(t.companyId, t.code),
  ],
);

/**
 * A visitor's request to talk (states and moves: contracts/api/join-requests). The visitor proves
 * itself with a token given once and stored only as its SHA-256. `expires_at` is the deadline of
 * the current state (waiting for staff, or entering after approval); `visitor_seen_at` when the
 * visitor's page was last heard from (socket or status call).
 */
export const joinRequests = pgTable(
  'join_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    storeId: uuid('store_id').notNull(),
    roomId: uuid('room_id').notNull(),
    source: text('source').notNull(),
    status: text('status').notNull(),
    name: text('name').notNull(),
    visitorTokenHash: text('visitor_token_hash').notNull(),
    verificationRequired: boolean('verification_required').notNull(),
    /** The verified number (E.164); null until verified. */
    phoneNumber: text('phone_number'),
    message: text('message'),
    handledById: uuid('handled_by_id'),
    handledByName: text('handled_by_name'),
    invitationId: uuid('invitation_id'),
    reservationId: uuid('reservation_id'),
    /** The last room identity issued to the guest (what a kick names). */
    guestIdentity: text('guest_identity'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    waitingSince: timestamptz('waiting_since').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    visitorSeenAt: timestamptz('visitor_seen_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.storeId, t.companyId], foreignColumns: [stores.id, stores.companyId] }).onDelete('cascade'),
    foreignKey({ columns: [t.roomId, t.companyId], foreignColumns: [rooms.id, rooms.companyId] }).onDelete('cascade'),
    foreignKey({ columns: [t.invitationId, t.companyId], foreignColumns: [invitations.id, invitations.companyId] }).onDelete('set null'),
    foreignKey({ columns: [t.reservationId, t.companyId], foreignColumns: [reservations.id, reservations.companyId] }).onDelete('set null'),
    unique('join_requests_id_company_unique').on(t.id, t.companyId),
    index('join_requests_company_status_idx').on(t.companyId, t.status),
    index('join_requests_status_expires_idx').on(t.status, t.expiresAt),
    check(
      'join_requests_status_check',
      sql`${t.status} in ('pending', 'verifying', 'verified', 'approved', 'rejected', 'busy', 'cancelled', 'expired', 'joined', 'ended')`,
    ),
    check('join_requests_source_check', sql`${t.source} in ('live', 'invitation', 'reservation')`),
  ],
);

/** One code sent for a request: 6 digits stored as an HMAC, 10 minutes, single use, 5 attempts. */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    joinRequestId: uuid('join_request_id').notNull(),
    phoneNumber: text('phone_number').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
  },
  (t) => [
    foreignKey({ columns: [t.joinRequestId, t.companyId], foreignColumns: [joinRequests.id, joinRequests.companyId] }).onDelete('cascade'),
    index('phone_verifications_request_idx').on(t.joinRequestId, t.createdAt),
    index('phone_verifications_company_idx').on(t.companyId),
    check('phone_verifications_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

/** Every SMS the product sends, written in the same transaction as the change that caused it. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
    providerId: text('provider_id'),
    error: text('error'),
    /** When a process took the message to send it (database clock); cleared when the attempt failed. */
    attemptedAt: timestamptz('attempted_at'),
  },
  (t) => [index('sms_outbox_company_created_idx').on(t.companyId, t.createdAt)],
);

/**
 * Daily counters of verification SMS, shared by every API process: `key` is `company:<id>` or a
 * keyed hash of a phone number or an IP address (no personal data in clear). Not tenant data:
 * the per-number and per-address limits hold across companies.
 */
export const smsSendCounters = pgTable(
  'sms_send_counters',
  {
    key: text('key').notNull(),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.day] })],
);
