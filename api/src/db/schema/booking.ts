/*
 * Booking: the appointments customers and staff book in a room. Capacity is the database's
 * business: each active reservation holds one place (`seat`, 1…the room's reservationSlots) of
 * its room, and an exclusion constraint (hand-written in drizzle/0008, with btree_gist) refuses
 * two active reservations on the same place over overlapping periods. Row-level security there too.
 */
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { rooms, stores, topics } from './tenancy';
import { createdAt } from './columns';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** A booked appointment; its id is the customer's join link and manage link. */
export const reservations = pgTable(
  'reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    storeId: uuid('store_id').notNull(),
    roomId: uuid('room_id').notNull(),
    /** The topic booked; null once the topic is deleted (the appointment stays). */
    topicId: uuid('topic_id'),
    /** The place of the room it holds while active (1…reservationSlots when booked). */
    seat: smallint('seat').notNull().default(1),
    /** booked, cancelled, completed (joined), no_show (not joined by the end); held (a priced topic's place while the customer pays), expired (unpaid when the hold ended). */
    status: text('status').notNull().default('booked'),
    /** Who cancelled: customer or staff. */
    cancelledBy: text('cancelled_by'),
    /** "First Last", as the live queue shows it. */
    customerName: text('customer_name').notNull(),
    customerFirstName: text('customer_first_name'),
    customerLastName: text('customer_last_name'),
    customerEmail: text('customer_email'),
    /**
     * The address as the per-customer cap counts it (lower case, no "+tag", no dots in the local
     * part): `mario.rossi+1@` and `mariorossi@` are one customer. Null without an address.
     */
    customerEmailKey: text('customer_email_key'),
    customerPhone: text('customer_phone'),
    notes: text('notes'),
    /** When the customer accepted the privacy notice (null when staff booked by phone). */
    consentAt: timestamptz('consent_at'),
    /**
     * The customer's join token (244 random bits, two v4 UUIDs): their join link opens the live
     * queue only with it. Kept as written, unlike the manage token: the reminders, sent days
     * later, carry the link again.
     */
    joinToken: text('join_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    /** SHA-256 of the customer's manage token (base64url). */
    manageTokenHash: text('manage_token_hash'),
    /** SHA-256 of the Idempotency-Key of the submit that created it, and of that submit's body. */
    idempotencyKeyHash: text('idempotency_key_hash'),
    requestHash: text('request_hash'),
    /** Invitations ever sent for it (withdrawn ones too): bounded, so invite-and-withdraw cannot mail on for ever. */
    participantInvites: integer('participant_invites').notNull().default(0),
    /** iCalendar SEQUENCE: raised on every move. */
    sequence: integer('sequence').notNull().default(0),
    /** Reminders: set by the sweep that sends them, in the transaction that writes the e-mail. */
    reminderDaySentAt: timestamptz('reminder_day_sent_at'),
    reminderHourSentAt: timestamptz('reminder_hour_sent_at'),
    /** Where the e-mails' links lead: the origin of the company host it was booked on. */
    linkOrigin: text('link_origin'),
    /** Staff member who booked it (null: the customer did). */
    createdBy: uuid('created_by'),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    cancelledAt: timestamptz('cancelled_at'),
    /**
     * A priced topic's booking (see booking/payments.ts): held until `hold_expires_at`, counted in
     * capacity like a booked one meanwhile (the place constraint includes 'held'). `payment_*`:
     * the amount (euro cents, VAT included), the status (pending, paid, refund_due, refunded,
     * canceled; null: free) and the payment port's reference (the account: null in test mode).
     */
    holdExpiresAt: timestamptz('hold_expires_at'),
    paymentAmount: integer('payment_amount'),
    paymentStatus: text('payment_status'),
    paymentId: text('payment_id'),
    paymentAccount: text('payment_account'),
    paidAt: timestamptz('paid_at'),
    refundedAt: timestamptz('refunded_at'),
    /**
     * The customer's manage token while held, so that the confirmation e-mail sent when the payment
     * arrives (by the provider's event, maybe) carries the manage link as a free booking's does.
     * Cleared once booked or expired: only its hash stays (manage_token_hash).
     */
    heldManageToken: text('held_manage_token'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.storeId, t.companyId], foreignColumns: [stores.id, stores.companyId] }).onDelete('cascade'),
    foreignKey({ columns: [t.roomId, t.companyId], foreignColumns: [rooms.id, rooms.companyId] }).onDelete('cascade'),
    foreignKey({ columns: [t.topicId, t.companyId], foreignColumns: [topics.id, topics.companyId] }).onDelete('set null'),
    unique('reservations_id_company_unique').on(t.id, t.companyId),
    unique('reservations_company_idempotency_unique').on(t.companyId, t.idempotencyKeyHash),
    index('reservations_company_starts_idx').on(t.companyId, t.startsAt),
    index('reservations_status_starts_idx').on(t.status, t.startsAt),
    index('reservations_company_email_idx').on(t.companyId, t.customerEmail),
    index('reservations_company_email_key_idx').on(t.companyId, t.customerEmailKey),
    index('reservations_company_payment_idx').on(t.companyId, t.paymentStatus),
    check('reservations_period_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('reservations_seat_check', sql`${t.seat} >= 1`),
    check('reservations_status_check', sql`${t.status} in ('booked', 'cancelled', 'completed', 'no_show', 'held', 'expired')`),
    check('reservations_held_check', sql`(${t.status} = 'held') <= (${t.holdExpiresAt} is not null)`),
    check(
      'reservations_payment_status_check',
      sql`${t.paymentStatus} is null or ${t.paymentStatus} in ('pending', 'paid', 'refund_due', 'refunded', 'canceled')`,
    ),
    check(
      'reservations_payment_amount_check',
      sql`(${t.paymentStatus} is null) = (${t.paymentAmount} is null) and (${t.paymentAmount} is null or ${t.paymentAmount} > 0)`,
    ),
    check('reservations_cancelled_check', sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null)`),
    check('reservations_cancelled_by_check', sql`${t.cancelledBy} is null or ${t.cancelledBy} in ('customer', 'staff')`),
  ],
);

/**
 * Someone else invited to an appointment by staff (a colleague, a second customer): their own
 * e-mail, their own join link. Gone with the reservation. Row-level security (drizzle/0009).
 */
export const reservationParticipants = pgTable(
  'reservation_participants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    reservationId: uuid('reservation_id').notNull(),
    name: text('name').notNull(),
    /** Lower-cased: one invitation per address and appointment. */
    email: text('email').notNull(),
    /** SHA-256 of the participant's token (hex), the key of their join link and of their view. */
    tokenHash: text('token_hash').notNull(),
    /** The staff member who invited them. */
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.reservationId, t.companyId], foreignColumns: [reservations.id, reservations.companyId] }).onDelete('cascade'),
    unique('reservation_participants_email_unique').on(t.reservationId, t.email),
    index('reservation_participants_company_idx').on(t.companyId, t.reservationId),
  ],
);

/** A customer's booking as it waits for their e-mail confirmation (while the store's breaker is on). */
export interface PendingBooking {
  store: string;
  topic: string;
  room: string | null;
  startsAt: string;
  firstName: string;
  lastName: string;
  /** Lower case, as written. */
  email: string;
  /** Normalised (E.164). */
  phone: string;
  notes: string | null;
}

/**
 * A booking asked for while its store's breaker was on: nothing is held until the customer opens
 * the link e-mailed to them (token hashed here), within `expires_at`. Row-level security (drizzle/0012).
 */
export const bookingConfirmations = pgTable(
  'booking_confirmations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    storeId: uuid('store_id').notNull(),
    request: jsonb('request').$type<PendingBooking>().notNull(),
    /** As reservations.customer_email_key: pending ones count toward the per-customer cap. */
    emailKey: text('email_key').notNull(),
    tokenHash: text('token_hash').notNull(),
    linkOrigin: text('link_origin'),
    expiresAt: timestamptz('expires_at').notNull(),
    /** Set once, when the link booked it (then `reservation_id` is the booking). */
    confirmedAt: timestamptz('confirmed_at'),
    reservationId: uuid('reservation_id'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.storeId, t.companyId], foreignColumns: [stores.id, stores.companyId] }).onDelete('cascade'),
    index('booking_confirmations_company_email_idx').on(t.companyId, t.emailKey),
  ],
);

/**
 * A store's booking breaker: customer bookings are counted in fixed windows of the configured
 * length (app clock); the one that passes the configured number trips it, and until `until_at`
 * new customer bookings wait for their e-mail confirmation. Row-level security (drizzle/0012).
 */
export const bookingBreakers = pgTable(
  'booking_breakers',
  {
    companyId: uuid('company_id').notNull(),
    storeId: uuid('store_id').notNull(),
    windowStartedAt: timestamptz('window_started_at').notNull(),
    /** Customer bookings in the window so far. */
    bookings: integer('bookings').notNull(),
    trippedAt: timestamptz('tripped_at'),
    untilAt: timestamptz('until_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.companyId], foreignColumns: [stores.id, stores.companyId] }).onDelete('cascade'),
  ],
);
