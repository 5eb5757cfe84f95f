import * as z from 'zod/mini';
import { IT_WEBINARS } from '../messages/it-webinars';
import { idParam, instantSchema } from './common';
import { CUSTOMER_EMAIL_MAX, CUSTOMER_NAME_MAX } from './reservations';
import { iceServerSchema } from './video-room';
import { hasForbiddenNameCharacters, normalizeNameText } from './visitor-name';

/*
 * Webinars: a store's presentations to an audience. Staff create and publish them
 * (GET, POST /api/webinar; GET, POST /api/webinar/{id}; GET /api/store/{id}/webinar lists a
 * store's upcoming ones to visitors), visitors register (POST /api/webinar/{id}/reservation; staff
 * read the list with GET) and keep a personal link (GET, DELETE /api/webinar-reservation/{id} with
 * its token as a Bearer header), and both join the live session from 15 minutes before the start
 * (GET /api/webinar-reservation/{id}/join, GET /api/webinar/{id}/join).
 */

const V = IT_WEBINARS.validation;

/** draft → published → live → ended; draft or published → cancelled. */
export const WEBINAR_STATUSES = ['draft', 'published', 'live', 'ended', 'cancelled'] as const;
export const webinarStatusSchema = z.enum(WEBINAR_STATUSES);
export type WebinarStatus = z.infer<typeof webinarStatusSchema>;

/** The moves a staff member may ask for (POST /api/webinar/{id} `status`), from each status. */
export const WEBINAR_TRANSITIONS: Readonly<Record<WebinarStatus, readonly WebinarStatus[]>> = {
  draft: ['published', 'cancelled'],
  published: ['live', 'cancelled'],
  live: ['ended'],
  ended: [],
  cancelled: [],
};

export const WEBINAR_TITLE_MAX = 120;
/** The description's HTML, sanitised like the back office's other rich texts. */
export const WEBINAR_DESCRIPTION_MAX_BYTES = 20 * 1024;
export const WEBINAR_DURATION_MINUTES = { min: 15, max: 480 } as const;
/** Seats of one webinar, whatever the engine (each engine may cap lower: WEBINAR_ENGINE_CAPACITY). */
export const WEBINAR_CAPACITY = { min: 1, max: 1000 } as const;
export const WEBINAR_PRESENTERS_MAX = 5;
/** The join opens this long before the start (viewers and presenters alike). */
export const WEBINAR_JOIN_EARLY_MINUTES = 15;
/** Webinars one GET /api/webinar answers at most (newest start first). */
export const WEBINARS_LISTED = 200;
/** A store's upcoming webinars visitors see at most. */
export const STORE_WEBINARS_LISTED = 20;

/** Where webinar media goes: the built-in mesh, Janus VideoRoom, or Twilio group rooms. */
export const WEBINAR_ENGINES = ['local', 'janus', 'twilio'] as const;
export type WebinarEngine = (typeof WEBINAR_ENGINES)[number];
/**
 * Viewers one webinar may seat on each engine. The mesh sends one copy of each presenter's video
 * per viewer from the presenter's own uplink, so it stays small; Twilio group rooms hold 50
 * participants, presenters included (WEBINAR_PRESENTERS_MAX of them).
 */
export const WEBINAR_ENGINE_CAPACITY: Readonly<Record<WebinarEngine, number>> = {
  local: 10,
  janus: WEBINAR_CAPACITY.max,
  twilio: 50 - WEBINAR_PRESENTERS_MAX,
};

const byteLength = (text: string) => new TextEncoder().encode(text).length;
const wholeNumberIn = (min: number, max: number, message: string) => z.int({ error: message }).check(z.minimum(min, message), z.maximum(max, message));

const title = z.string({ error: V.title }).check(z.trim(), z.minLength(1, V.title), z.maxLength(WEBINAR_TITLE_MAX, V.titleTooLong(WEBINAR_TITLE_MAX)));
const description = z
  .string({ error: V.description })
  .check(z.refine((html: string) => byteLength(html) <= WEBINAR_DESCRIPTION_MAX_BYTES, V.descriptionTooLong(WEBINAR_DESCRIPTION_MAX_BYTES / 1024)));
const startsAt = instantSchema(V.startsAt);
const durationMinutes = wholeNumberIn(
  WEBINAR_DURATION_MINUTES.min,
  WEBINAR_DURATION_MINUTES.max,
  V.duration(WEBINAR_DURATION_MINUTES.min, WEBINAR_DURATION_MINUTES.max),
);
const capacity = wholeNumberIn(WEBINAR_CAPACITY.min, WEBINAR_CAPACITY.max, V.capacity(WEBINAR_CAPACITY.min, WEBINAR_CAPACITY.max));
const presenterIds = z
  .array(z.uuid({ error: V.presenter }), { error: V.presenters(WEBINAR_PRESENTERS_MAX) })
  .check(z.minLength(1, V.presenters(WEBINAR_PRESENTERS_MAX)), z.maxLength(WEBINAR_PRESENTERS_MAX, V.presenters(WEBINAR_PRESENTERS_MAX)));

/** POST /api/webinar: a new webinar, a draft. */
export const webinarBodySchema = z.object({
  storeId: z.uuid({ error: V.store }),
  title,
  description: z._default(description, ''),
  startsAt,
  durationMinutes,
  capacity,
  presenterIds,
});
export type WebinarBody = z.input<typeof webinarBodySchema>;

/**
 * POST /api/webinar/{id}: the fields given change (a draft or a published webinar; a new start or
 * length is mailed to the registrants), and `status` moves it (WEBINAR_TRANSITIONS; cancelling
 * tells every registrant by e-mail). The store stays the one it was created in.
 */
export const webinarUpdateSchema = z.object({
  title: z.optional(title),
  description: z.optional(description),
  startsAt: z.optional(startsAt),
  durationMinutes: z.optional(durationMinutes),
  capacity: z.optional(capacity),
  presenterIds: z.optional(presenterIds),
  status: z.optional(z.enum(WEBINAR_STATUSES, { error: V.status })),
});
export type WebinarUpdate = z.infer<typeof webinarUpdateSchema>;

export const webinarParams = z.object({ id: idParam(IT_WEBINARS.notFound) });
export const webinarRegistrationParams = z.object({ id: idParam(IT_WEBINARS.registrationNotFound) });

/** GET /api/webinar: optionally one store's, one status's. */
export const webinarsQuerySchema = z.object({
  storeId: z.optional(z.uuid({ error: V.store })),
  status: z.optional(z.enum(WEBINAR_STATUSES, { error: V.status })),
});
export type WebinarsQuery = z.infer<typeof webinarsQuerySchema>;

const timing = {
  startsAt: z.string(),
  endsAt: z.string(),
  durationMinutes: z.int(),
  /** When the join opens (WEBINAR_JOIN_EARLY_MINUTES before the start). */
  joinOpensAt: z.string(),
};

/** A webinar as staff read it. */
export const webinarSchema = z.object({
  id: z.uuid(),
  store: z.object({ id: z.uuid(), name: z.string() }),
  title: z.string(),
  description: z.string(),
  ...timing,
  capacity: z.int(),
  registered: z.int(),
  status: webinarStatusSchema,
  presenters: z.array(z.object({ id: z.uuid(), name: z.string() })),
  engine: z.enum(WEBINAR_ENGINES),
  /** The page visitors register on, relative to the company's origin. */
  publicPath: z.string(),
});
export type Webinar = z.infer<typeof webinarSchema>;
export const webinarListSchema = z.object({ webinars: z.array(webinarSchema) });
export type WebinarList = z.infer<typeof webinarListSchema>;

/** A published (or live, ended, cancelled) webinar as visitors read it; drafts are not found. */
export const publicWebinarSchema = z.object({
  id: z.uuid(),
  store: z.object({ id: z.uuid(), name: z.string() }),
  title: z.string(),
  description: z.string(),
  ...timing,
  /** The company's zone: the times are shown in it. */
  timeZone: z.string(),
  status: z.enum(['published', 'live', 'ended', 'cancelled']),
  seatsLeft: z.int(),
  /** Published, not started, seats left. */
  registrationOpen: z.boolean(),
});
export type PublicWebinar = z.infer<typeof publicWebinarSchema>;
export const storeWebinarsSchema = z.object({ webinars: z.array(publicWebinarSchema) });
export type StoreWebinars = z.infer<typeof storeWebinarsSchema>;

const personName = (missing: string) =>
  z.string({ error: missing }).check(
    z.overwrite(normalizeNameText),
    z.minLength(1, missing),
    z.refine((name: string) => !hasForbiddenNameCharacters(name), { error: missing, abort: true }),
    z.maxLength(CUSTOMER_NAME_MAX, V.nameTooLong(CUSTOMER_NAME_MAX)),
  );

/** POST /api/webinar/{id}/reservation: a visitor registers. */
export const webinarRegistrationBodySchema = z.object({
  firstName: personName(V.firstName),
  lastName: personName(V.lastName),
  email: z.pipe(z.string({ error: V.email }).check(z.trim(), z.maxLength(CUSTOMER_EMAIL_MAX, V.email)), z.email(V.email)),
  privacyConsent: z.literal(true, V.privacyConsent),
});
export type WebinarRegistrationBody = z.input<typeof webinarRegistrationBodySchema>;

export const WEBINAR_REGISTRATION_STATUSES = ['registered', 'cancelled'] as const;

/** A registration as its registrant reads it (GET /api/webinar-reservation/{id}). */
export const webinarRegistrationSchema = z.object({
  id: z.uuid(),
  status: z.enum(WEBINAR_REGISTRATION_STATUSES),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  webinar: publicWebinarSchema,
  /** The registration's page (and join link), relative to the company's origin, without its token. */
  pagePath: z.string(),
});
export type WebinarRegistration = z.infer<typeof webinarRegistrationSchema>;

/** 201 of POST /api/webinar/{id}/reservation: the registration and its token, shown this once (and e-mailed). */
export const createdWebinarRegistrationSchema = z.object({
  registration: webinarRegistrationSchema,
  token: z.string(),
});
export type CreatedWebinarRegistration = z.infer<typeof createdWebinarRegistrationSchema>;

/** A registration as staff list them (GET /api/webinar/{id}/reservation). */
export const staffWebinarRegistrationSchema = z.object({
  id: z.uuid(),
  status: z.enum(WEBINAR_REGISTRATION_STATUSES),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  registeredAt: z.string(),
  cancelledAt: z.nullable(z.string()),
});
export const webinarRegistrationListSchema = z.object({ registrations: z.array(staffWebinarRegistrationSchema) });
export type WebinarRegistrationList = z.infer<typeof webinarRegistrationListSchema>;

/** The credential for the live session (GET …/join): the engine, the role, a short-lived token. */
export const webinarJoinSchema = z.object({
  engine: z.enum(WEBINAR_ENGINES),
  role: z.enum(['presenter', 'viewer']),
  webinarId: z.uuid(),
  /** Presenter: the staff member's id; viewer: the registration's id (one seat each: a second join replaces the first). */
  seat: z.uuid(),
  displayName: z.string(),
  token: z.string(),
  expiresAt: z.string(),
  /** On the built-in mesh: the STUN and TURN servers the browsers' connections use (TURN credentials made for this seat). */
  iceServers: z._default(z.array(iceServerSchema), []),
  /**
   * With Janus: where the browser connects and the room it joins, with the room's viewer `pin` and,
   * for a presenter, the publisher `token` granted for this join. Null on the other engines.
   */
  janus: z._default(
    z.nullable(
      z.object({
        url: z.string(),
        room: z.string(),
        pin: z.string(),
        token: z.nullable(z.string()),
        /** The label the browser attaches its handles with: how the API finds a removed viewer's session. */
        opaqueId: z.string(),
      }),
    ),
    null,
  ),
  /**
   * With Twilio: the access token for the webinar's group room (identity: the seat) and the
   * room's name. The browser connects subscribing to nothing; the API sets what each participant
   * receives (the presenters, and the speaker's voice) once it reports its participant's sid
   * (`media-joined`), so a viewer's tracks reach nobody. Null on the other engines.
   */
  twilio: z._default(z.nullable(z.object({ token: z.string(), room: z.string() })), null),
});
export type WebinarJoin = z.infer<typeof webinarJoinSchema>;
