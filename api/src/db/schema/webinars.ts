/*
 * Webinars: a store's presentation to an audience, its presenters (staff) and its registrations.
 * Capacity is the database's business: `registered` counts the active registrations, raised and
 * lowered in the same statement as the registration's insert or cancellation, and a check
 * constraint refuses it above `capacity`; the webinar's row lock orders parallel registrations,
 * so exactly `capacity` of any number of attempts get in. Row-level security and grants in the
 * hand-written part of drizzle/0024.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies, stores } from './tenancy';
import { users } from './staff';
import { createdAt } from './columns';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const webinars = pgTable(
  'webinars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id').notNull(),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    description: text('description').notNull().default(''),
    startsAt: timestamptz('starts_at').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    capacity: integer('capacity').notNull(),
    /** Active registrations (see the file's note). */
    registered: integer('registered').notNull().default(0),
    status: text('status').notNull().default('draft'),
    /** iCalendar SEQUENCE of the registrants' events: raised on every move and on the cancellation. */
    sequence: integer('sequence').notNull().default(0),
    /**
     * The media room's credentials (Janus VideoRoom: the room is the webinar's id): its `secret`
     * (destroy, allowed; our API alone holds it) and the viewers' `pin`. Random at creation.
     */
    mediaSecret: text('media_secret')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    mediaPin: text('media_pin')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** The live session's chat closed by a presenter. */
    chatMuted: boolean('chat_muted').notNull().default(false),
    /** The one viewer invited to speak now (its registration id and name), or null. */
    speakerSeat: uuid('speaker_seat'),
    speakerName: text('speaker_name'),
    startedAt: timestamptz('started_at'),
    endedAt: timestamptz('ended_at'),
    cancelledAt: timestamptz('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.storeId, t.companyId], foreignColumns: [stores.id, stores.companyId] }).onDelete('cascade'),
    check('webinars_status_check', sql`${t.status} in ('draft', 'published', 'live', 'ended', 'cancelled')`),
    check('webinars_capacity_check', sql`${t.capacity} between 1 and 1000`),
    check('webinars_registered_check', sql`${t.registered} >= 0 and ${t.registered} <= ${t.capacity}`),
    check('webinars_duration_check', sql`${t.durationMinutes} between 15 and 480`),
    index('webinars_company_starts_idx').on(t.companyId, t.startsAt),
    index('webinars_company_store_idx').on(t.companyId, t.storeId),
    unique('webinars_id_company_unique').on(t.id, t.companyId),
  ],
);

/** Who presents a webinar: staff of its company (gone with their account). */
export const webinarPresenters = pgTable(
  'webinar_presenters',
  {
    companyId: uuid('company_id').notNull(),
    webinarId: uuid('webinar_id').notNull(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.webinarId, t.userId] }),
    foreignKey({ columns: [t.webinarId, t.companyId], foreignColumns: [webinars.id, webinars.companyId] }).onDelete('cascade'),
    foreignKey({ columns: [t.userId, t.companyId], foreignColumns: [users.id, users.companyId] }).onDelete('cascade'),
    index('webinar_presenters_company_user_idx').on(t.companyId, t.userId),
  ],
);

/** A visitor's registration; its id and token are the personal link. */
export const webinarRegistrations = pgTable(
  'webinar_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    webinarId: uuid('webinar_id').notNull(),
    status: text('status').notNull().default('registered'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    /** The address as one registrant per webinar counts it (lower case). */
    emailKey: text('email_key').notNull(),
    /**
     * The personal link's token (256 random bits). Kept as written, like a reservation's join
     * token: the reminders, written days later, carry the link again. It opens the registration's
     * page, its cancellation and the viewer's seat, nothing else.
     */
    token: text('token').notNull(),
    consentAt: timestamptz('consent_at').notNull(),
    /** The company's origin the registrant used: the e-mails' links lead there. */
    linkOrigin: text('link_origin').notNull(),
    createdAt: createdAt(),
    cancelledAt: timestamptz('cancelled_at'),
    /** The reminders' state (24 h and 15 min before): when each was written, or marked not needed. */
    reminderDaySentAt: timestamptz('reminder_day_sent_at'),
    reminderSoonSentAt: timestamptz('reminder_soon_sent_at'),
    /** The webinar's cancellation told to this registrant (written by the sweep, once). */
    cancellationSentAt: timestamptz('cancellation_sent_at'),
  },
  (t) => [
    foreignKey({ columns: [t.webinarId, t.companyId], foreignColumns: [webinars.id, webinars.companyId] }).onDelete('cascade'),
    check('webinar_registrations_status_check', sql`${t.status} in ('registered', 'cancelled')`),
    uniqueIndex('webinar_registrations_active_email_unique')
      .on(t.webinarId, t.emailKey)
      .where(sql`${t.status} = 'registered'`),
    index('webinar_registrations_company_webinar_idx').on(t.companyId, t.webinarId, t.createdAt),
  ],
);

/*
 * The live session's state (realtime/webinar-live in the contracts): what must outlive a socket
 * and be the same on every API process. A seat's row orders its sockets (the newest generation
 * wins, one seat per registration) and keeps a presenter's removal of a viewer.
 */
export const webinarSeats = pgTable(
  'webinar_seats',
  {
    companyId: uuid('company_id').notNull(),
    webinarId: uuid('webinar_id').notNull(),
    /** A presenter's user id or a viewer's registration id. */
    seat: uuid('seat').notNull(),
    role: text('role').notNull(),
    name: text('name').notNull(),
    /** Raised by every socket that takes the seat: the highest is the seat's one socket. */
    generation: integer('generation').notNull().default(1),
    /**
     * When the seat's socket was last known open (refreshed by its process every
     * WEBINAR_LIVE.tallyIntervalMs); null once it closed. Present: seen within three intervals.
     */
    seenAt: timestamptz('seen_at'),
    removedAt: timestamptz('removed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.webinarId, t.seat] }),
    foreignKey({ columns: [t.webinarId, t.companyId], foreignColumns: [webinars.id, webinars.companyId] }).onDelete('cascade'),
    check('webinar_seats_role_check', sql`${t.role} in ('presenter', 'viewer')`),
  ],
);

/** Viewers' questions; `votes` counts the rows of webinar_question_votes, moved in the vote's statement. */
export const webinarQuestions = pgTable(
  'webinar_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    webinarId: uuid('webinar_id').notNull(),
    seat: uuid('seat').notNull(),
    author: text('author').notNull(),
    text: text('text').notNull(),
    status: text('status').notNull().default('open'),
    votes: integer('votes').notNull().default(0),
    askedAt: timestamptz('asked_at').notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.webinarId, t.companyId], foreignColumns: [webinars.id, webinars.companyId] }).onDelete('cascade'),
    check('webinar_questions_status_check', sql`${t.status} in ('open', 'answered', 'hidden')`),
    check('webinar_questions_votes_check', sql`${t.votes} >= 0`),
    index('webinar_questions_webinar_idx').on(t.webinarId, t.askedAt),
    unique('webinar_questions_id_company_unique').on(t.id, t.companyId),
  ],
);

export const webinarQuestionVotes = pgTable(
  'webinar_question_votes',
  {
    companyId: uuid('company_id').notNull(),
    questionId: uuid('question_id').notNull(),
    seat: uuid('seat').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.seat] }),
    foreignKey({ columns: [t.questionId, t.companyId], foreignColumns: [webinarQuestions.id, webinarQuestions.companyId] }).onDelete('cascade'),
  ],
);

/** Raised hands, the queue in `raised_at` order. */
export const webinarHands = pgTable(
  'webinar_hands',
  {
    companyId: uuid('company_id').notNull(),
    webinarId: uuid('webinar_id').notNull(),
    seat: uuid('seat').notNull(),
    name: text('name').notNull(),
    raisedAt: timestamptz('raised_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.webinarId, t.seat] }),
    foreignKey({ columns: [t.webinarId, t.companyId], foreignColumns: [webinars.id, webinars.companyId] }).onDelete('cascade'),
  ],
);

/*
 * A webinar's recording on Janus and its replay: `recording` while a presenter has it on; at the
 * end `processing`, claimed by the replay sweep (attempts and next_attempt_at: a compare-and-set
 * lease, retried with backoff), then `ready` with the WebM in the uploads store, or `failed`.
 */
export const webinarReplays = pgTable(
  'webinar_replays',
  {
    companyId: uuid('company_id').notNull(),
    webinarId: uuid('webinar_id').primaryKey(),
    status: text('status').notNull().default('recording'),
    /** Janus records now (a presenter turned it on, not off since). */
    recording: boolean('recording').notNull().default(false),
    fileKey: text('file_key'),
    bytes: integer('bytes'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.webinarId, t.companyId], foreignColumns: [webinars.id, webinars.companyId] }).onDelete('cascade'),
    check('webinar_replays_status_check', sql`${t.status} in ('recording', 'processing', 'ready', 'failed')`),
    index('webinar_replays_due_idx').on(t.companyId, t.status, t.nextAttemptAt),
  ],
);
