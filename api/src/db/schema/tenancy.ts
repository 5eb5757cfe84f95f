/*
 * Companies and what they own for visitors: hosts, stores, rooms and their texts, topics and
 * the weekly opening of rooms. Every tenant-owned table carries company_id, and children
 * reference their parent through (id, company_id) so a row can never point into another
 * company. Row-level security is in the hand-written migrations (drizzle/0001, 0002).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, smallint, text, time, unique, uuid } from 'drizzle-orm/pg-core';
import type { CompanySettings } from '@incontra/contracts/api/company';
import { createdAt } from './columns';

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
    /** IANA zone the company's opening hours and appointments are written in (wall clock). */
    timeZone: text('time_zone').notNull().default('Europe/Rome'),
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
    /** Visitors of this store prove their phone before staff see them; null follows the company's setting. */
    requirePhoneVerification: boolean('require_phone_verification'),
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
    /** Euro cents, VAT included; null: free (booking it holds the place while the customer pays: booking/payments.ts). */
    price: integer('price'),
  },
  (t) => [
    foreignKey({ columns: [t.storeId, t.companyId], foreignColumns: [stores.id, stores.companyId] }).onDelete('cascade'),
    check('topics_price_check', sql`${t.price} is null or ${t.price} between 50 and 1000000`),
    unique('topics_id_company_unique').on(t.id, t.companyId),
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
