import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './staff';
import { rooms } from './tenancy';
import { createdAt } from './columns';

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
 * Staff members' entries into video rooms, one per join (identities are new at every join): whose
 * identity it is, whichever process issued it. Nobody kicks their own entry, and deactivating or
 * deleting a staff member revokes their live entries in the same transaction and puts them out.
 * A row is useless once `expires_at`, its token's expiry, has passed; it goes with its user.
 */
export const videoRoomStaffEntries = pgTable(
  'video_room_staff_entries',
  {
    identity: text('identity').primaryKey(),
    companyId: uuid('company_id').notNull(),
    roomId: uuid('room_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** The session (sessions.id, its hash) that joined: ending the session ends the entry. Null before 0013. */
    sessionId: text('session_id'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.roomId, t.companyId], foreignColumns: [rooms.id, rooms.companyId] }).onDelete('cascade'),
    foreignKey({ columns: [t.userId, t.companyId], foreignColumns: [users.id, users.companyId] }).onDelete('cascade'),
    index('video_room_staff_entries_user_idx').on(t.companyId, t.userId),
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
