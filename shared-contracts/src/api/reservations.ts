import * as z from 'zod/mini';
import { IT_BOOKING } from '../messages/it-booking';
import type { CompanySettings } from './company';
import { apiErrorSchema, calendarDateSchema, instantSchema } from './common';
import { listPageShape, listQueryShape } from './list-page';
import { hasForbiddenNameCharacters, normalizeNameText } from './visitor-name';

/*
 * Booking: the free times of a store's topic (GET /api/config/store/{id}/slots), a customer's
 * reservation (POST /api/reservations) and what its manage link may do (view, move, cancel).
 * Times travel as ISO instants; dates and clock times as the company's zone shows them.
 */

/**
 * `held`: a priced topic's place, held while the customer pays (APPOINTMENT_HOLD_MINUTES), then
 * `booked` once paid or `expired` (the place freed, nothing sent) when the hold ends unpaid.
 */
export const RESERVATION_STATUSES = ['booked', 'cancelled', 'completed', 'no_show', 'held', 'expired'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
/** Each status by name, for code that tests or sets one (RESERVATION_STATUS.booked rather than a bare 'booked'). */
export const RESERVATION_STATUS = {
  booked: 'booked',
  cancelled: 'cancelled',
  completed: 'completed',
  noShow: 'no_show',
  held: 'held',
  expired: 'expired',
} as const satisfies Record<string, ReservationStatus>;
/** Statuses that hold a place of their room over the appointment (and `held` until its hold ends). */
export const ACTIVE_RESERVATION_STATUSES: readonly ReservationStatus[] = ['booked', 'completed'];

/** Minutes a priced topic's place is held while the customer pays. */
export const APPOINTMENT_HOLD_MINUTES = 15;

/**
 * The payment of a reservation: `none` (a free topic, or booked by staff), `pending` (held, or a
 * hold that ended while its payment is being cancelled), `paid`, `refunding` (a refund decided,
 * its call to the provider not yet done), `refunded`, `canceled` (a hold that ended unpaid).
 */
export const RESERVATION_PAYMENT_STATUSES = ['none', 'pending', 'paid', 'refunding', 'refunded', 'canceled'] as const;
export type ReservationPaymentStatus = (typeof RESERVATION_PAYMENT_STATUSES)[number];

/** A reservation's payment: its status and amount (euro cents, VAT included; null: free). */
export const reservationPaymentSchema = z.object({
  status: z.enum(RESERVATION_PAYMENT_STATUSES),
  amount: z.nullable(z.int()),
  /** While held: when the place is released unless paid. */
  holdExpiresAt: z.nullable(z.string()),
});
export type ReservationPayment = z.infer<typeof reservationPaymentSchema>;
const NO_PAYMENT: ReservationPayment = { status: 'none', amount: null, holdExpiresAt: null };
/** Absent in an answer from before paid appointments: a free one. */
const paymentField = z._default(reservationPaymentSchema, NO_PAYMENT);

export const CUSTOMER_NAME_MAX = 60;
export const CUSTOMER_EMAIL_MAX = 254;
export const RESERVATION_NOTES_MAX = 1000;
/** Days an availability question may span (`from` to `to`, both included). */
export const SLOTS_RANGE_DAYS_MAX = 62;

/** The company's booking rules when its settings say nothing. */
export const BOOKING_DEFAULTS = {
  /** Dates bookable: today and the following days, this many in all. */
  horizonDays: 60,
  /** No appointment starts sooner than this after the booking. */
  minNoticeMinutes: 120,
  /** The customer may move or cancel until this long before the start. */
  cancelCutoffMinutes: 120,
  /** Appointments still to come that one e-mail address may hold at a company. */
  activePerEmailMax: 5,
} as const;

export interface BookingRules {
  horizonDays: number;
  minNoticeMinutes: number;
  cancelCutoffMinutes: number;
}

/** The company's booking rules: its settings where given, the defaults otherwise. */
export function bookingRules(settings: CompanySettings): BookingRules {
  return {
    horizonDays: settings.bookingHorizonDays ?? BOOKING_DEFAULTS.horizonDays,
    minNoticeMinutes: settings.bookingMinNoticeMinutes ?? BOOKING_DEFAULTS.minNoticeMinutes,
    cancelCutoffMinutes: settings.bookingCancelCutoffMinutes ?? BOOKING_DEFAULTS.cancelCutoffMinutes,
  };
}

const isoDate = calendarDateSchema(IT_BOOKING.validation.date);
const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** GET /api/config/store/{id}/slots?topic=&room=&from=&to= : dates of the company's zone, both included. */
export const slotsQuerySchema = z
  .object({
    topic: z.uuid({ error: IT_BOOKING.validation.topic }),
    room: z.optional(z.uuid({ error: IT_BOOKING.validation.room })),
    from: isoDate,
    to: isoDate,
  })
  .check(
    z.superRefine((query, ctx) => {
      const span = daysBetween(query.from, query.to);
      if (span < 0 || span >= SLOTS_RANGE_DAYS_MAX) {
        ctx.addIssue({ code: 'custom', input: query.to, path: ['to'], message: IT_BOOKING.validation.dateRange(SLOTS_RANGE_DAYS_MAX) });
      }
    }),
  );
export type SlotsQuery = z.infer<typeof slotsQuerySchema>;

export const freeSlotSchema = z.object({
  /** The start as an instant (ISO, UTC). */
  startsAt: z.string(),
  /** The start on the company's clock ("HH:MM"). */
  time: z.string(),
  /** Appointments still free at this start, over the rooms asked about. */
  remaining: z.int(),
});
export type FreeSlotView = z.infer<typeof freeSlotSchema>;

export const storeSlotsSchema = z.object({
  /** The zone `date` and `time` are in (the company's). */
  timeZone: z.string(),
  /** The topic's price in euro cents, VAT included (null: free; absent from an API before paid appointments). */
  price: z._default(z.nullable(z.int()), null),
  /** Minutes of one appointment at each start (the topic's rooms may differ: the first room's). */
  days: z.array(z.object({ date: z.string(), slots: z.array(freeSlotSchema) })),
});
export type StoreSlots = z.infer<typeof storeSlotsSchema>;

const personName = (missing: string) =>
  z.string({ error: missing }).check(
    z.overwrite(normalizeNameText),
    z.minLength(1, missing),
    z.refine((name: string) => !hasForbiddenNameCharacters(name), { error: IT_BOOKING.validation.nameCharacters, abort: true }),
    z.maxLength(CUSTOMER_NAME_MAX, IT_BOOKING.validation.nameTooLong(CUSTOMER_NAME_MAX)),
  );

/** The customer's details, as the third step asks for them. `phone` is parsed to E.164 by the API. */
export const customerFieldsShape = {
  firstName: personName(IT_BOOKING.validation.firstName),
  lastName: personName(IT_BOOKING.validation.lastName),
  email: z.pipe(
    z.string({ error: IT_BOOKING.validation.email }).check(z.trim(), z.maxLength(CUSTOMER_EMAIL_MAX, IT_BOOKING.validation.email)),
    z.email(IT_BOOKING.validation.email),
  ),
  phone: z
    .string({ error: IT_BOOKING.validation.phone })
    .check(z.trim(), z.minLength(1, IT_BOOKING.validation.phone), z.maxLength(32, IT_BOOKING.validation.phone)),
  notes: z.optional(
    z
      .string({ error: IT_BOOKING.validation.notes(RESERVATION_NOTES_MAX) })
      .check(z.trim(), z.maxLength(RESERVATION_NOTES_MAX, IT_BOOKING.validation.notes(RESERVATION_NOTES_MAX))),
  ),
};

const instant = instantSchema(IT_BOOKING.validation.startsAt);

/** POST /api/reservations (header `Idempotency-Key` optional). Without `room`, any room of the topic with a free place. */
export const reservationBodySchema = z.object({
  store: z.uuid({ error: IT_BOOKING.validation.store }),
  topic: z.uuid({ error: IT_BOOKING.validation.topic }),
  room: z.optional(z.uuid({ error: IT_BOOKING.validation.room })),
  startsAt: instant,
  ...customerFieldsShape,
  privacyConsent: z.literal(true, IT_BOOKING.validation.privacyConsent),
});
export type ReservationBody = z.input<typeof reservationBodySchema>;

/** `Idempotency-Key`: a retried submit with the same key answers the reservation it created. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,128}$/;

/** POST /api/reservations/{id}/move: the new start (same topic, any room of it with a place). */
export const moveReservationBodySchema = z.object({ startsAt: instant });
export type MoveReservationBody = z.infer<typeof moveReservationBodySchema>;

/** The appointment itself, as the customer's and an invited participant's views both show it. */
const appointmentShape = {
  status: z.enum(RESERVATION_STATUSES),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The company's zone: the appointment's local time is shown in it. */
  timeZone: z.string(),
  company: z.object({ name: z.string() }),
  store: z.object({ id: z.uuid(), name: z.string(), address: z.nullable(z.string()) }),
  topic: z.nullable(z.object({ id: z.uuid(), name: z.string() })),
  room: z.object({ id: z.uuid(), name: z.string() }),
  /** When the join link opens (15 minutes before the start). */
  joinOpensAt: z.string(),
};

/** What the customer's manage link shows. */
export const customerReservationSchema = z.object({
  id: z.uuid(),
  ...appointmentShape,
  customer: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    notes: z.nullable(z.string()),
  }),
  /** Until when the customer may move or cancel; null once it is not booked any more. */
  changeableUntil: z.nullable(z.string()),
  /** The customer's join link, relative to the company's origin (opens from `joinOpensAt`). */
  joinPath: z.string(),
  /** Raised on every move: calendars replace the event of a lower one. */
  sequence: z.int(),
  payment: paymentField,
});
export type CustomerReservation = z.infer<typeof customerReservationSchema>;

/**
 * What the customer's card form needs to pay a held reservation (the payment port's answer):
 * Stripe's Payment Element with `publishableKey` and `stripeAccount` (the company's connected
 * account), or, in test mode (`publishableKey` null), our own card form with `clientSecret`.
 */
export const reservationCheckoutSchema = z.object({
  clientSecret: z.string(),
  publishableKey: z.nullable(z.string()),
  stripeAccount: z.nullable(z.string()),
  amount: z.int(),
  holdExpiresAt: z.string(),
});
export type ReservationCheckout = z.infer<typeof reservationCheckoutSchema>;

/**
 * 201 of POST /api/reservations: the reservation and its manage token, shown this once (and to a
 * retry with the same Idempotency-Key); `checkout` while a priced topic's place is held for payment.
 */
export const createdReservationSchema = z.object({
  reservation: customerReservationSchema,
  manageToken: z.string(),
  checkout: z._default(z.nullable(reservationCheckoutSchema), null),
});
export type CreatedReservation = z.infer<typeof createdReservationSchema>;

/** Minutes the customer has to open the confirmation link of a booking made while their store's breaker is on. */
export const BOOKING_CONFIRMATION_MINUTES = 30;

/**
 * GET /api/reservations/{id}/payment with the manage token: the payment read again from the
 * provider and applied (paid: booked, with the usual e-mails), and the card form's data while held.
 */
export const reservationPaymentStateSchema = z.object({ reservation: customerReservationSchema, checkout: z.nullable(reservationCheckoutSchema) });
export type ReservationPaymentState = z.infer<typeof reservationPaymentStateSchema>;

/**
 * 202 of POST /api/reservations while the store takes many bookings in little time: nothing is
 * held yet; the customer books by opening the link e-mailed to them before `expiresAt`.
 */
export const pendingReservationSchema = z.object({ confirmationRequired: z.literal(true), email: z.string(), expiresAt: z.string() });
export type PendingReservation = z.infer<typeof pendingReservationSchema>;

/** POST /api/reservations/confirm: the e-mailed link's `richiesta` and `token`; 201 CreatedReservation (again for a second click). */
export const confirmReservationBodySchema = z.object({
  confirmation: z.uuid({ error: IT_BOOKING.errors.confirmationNotFound }),
  token: z
    .string({ error: IT_BOOKING.errors.confirmationNotFound })
    .check(z.minLength(1, IT_BOOKING.errors.confirmationNotFound), z.maxLength(200, IT_BOOKING.errors.confirmationNotFound)),
});
export type ConfirmReservationBody = z.infer<typeof confirmReservationBodySchema>;

/** 409 when the start was taken or closed meanwhile: the nearest free times of the same topic. */
export const slotTakenSchema = z.extend(apiErrorSchema, {
  alternatives: z.array(z.object({ startsAt: z.string(), date: z.string(), time: z.string() })),
});
export type SlotTaken = z.infer<typeof slotTakenSchema>;

/*
 * The staff's side (the back office's agenda): GET /api/bo/reservations with filters and paging,
 * GET/POST/DELETE /api/bo/reservations/{id}, POST /api/bo/reservations (staff book for a customer).
 */

/** A reservation as staff see it. */
export const staffReservationSchema = z.object({
  id: z.uuid(),
  status: z.enum(RESERVATION_STATUSES),
  /** Who cancelled: the customer (their link) or staff. */
  cancelledBy: z.nullable(z.enum(['customer', 'staff'])),
  startsAt: z.string(),
  endsAt: z.string(),
  store: z.object({ id: z.uuid(), name: z.string() }),
  room: z.object({ id: z.uuid(), name: z.string() }),
  topic: z.nullable(z.object({ id: z.uuid(), name: z.string() })),
  customer: z.object({ name: z.string(), email: z.nullable(z.string()), phone: z.nullable(z.string()), notes: z.nullable(z.string()) }),
  /** Booked by a staff member (by phone, say); null: by the customer. */
  bookedByStaff: z.boolean(),
  createdAt: z.string(),
  payment: paymentField,
});
export type StaffReservation = z.infer<typeof staffReservationSchema>;

const optionalDate = z.optional(isoDate);

/** GET /api/bo/reservations?store=&room=&topic=&status=&from=&to=&page=&pageSize= : by start, dates of the company's zone, both included. */
export const staffReservationsQuerySchema = z.object({
  store: z.optional(z.uuid({ error: IT_BOOKING.validation.store })),
  room: z.optional(z.uuid({ error: IT_BOOKING.validation.room })),
  topic: z.optional(z.uuid({ error: IT_BOOKING.validation.topic })),
  status: z.optional(z.enum(RESERVATION_STATUSES, { error: IT_BOOKING.validation.status })),
  from: optionalDate,
  to: optionalDate,
  page: listQueryShape(['startsAt']).page,
  pageSize: listQueryShape(['startsAt']).pageSize,
});
export type StaffReservationsQuery = z.infer<typeof staffReservationsQuerySchema>;

export const staffReservationsPageSchema = z.object(listPageShape(staffReservationSchema));
export type StaffReservationsPage = z.infer<typeof staffReservationsPageSchema>;

/** POST /api/bo/reservations: staff book for a customer (same rules; the customer gets the confirmation). */
export const staffReservationBodySchema = z.object({
  store: z.uuid({ error: IT_BOOKING.validation.store }),
  topic: z.uuid({ error: IT_BOOKING.validation.topic }),
  room: z.optional(z.uuid({ error: IT_BOOKING.validation.room })),
  startsAt: instant,
  ...customerFieldsShape,
});
export type StaffReservationBody = z.input<typeof staffReservationBodySchema>;

/** Participants staff may invite to one appointment, besides its customer. */
export const RESERVATION_PARTICIPANTS_MAX = 10;
/** Invitations one appointment may ever send, withdrawn ones included (invite and withdraw cannot mail on for ever). */
export const RESERVATION_INVITES_MAX = 20;

/** Someone else invited to an appointment (a colleague, a second customer), as staff see them. */
export const reservationParticipantSchema = z.object({
  id: z.uuid(),
  reservationId: z.uuid(),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
});
export type ReservationParticipant = z.infer<typeof reservationParticipantSchema>;

/** GET /api/bo/reservations/{id}: the reservation and who else is invited. */
export const staffReservationDetailSchema = z.extend(staffReservationSchema, { participants: z.array(reservationParticipantSchema) });
export type StaffReservationDetail = z.infer<typeof staffReservationDetailSchema>;

/** POST /api/bo/reservation_participants: invite someone by e-mail; they get a personal join link. */
export const reservationParticipantBodySchema = z.object({
  reservation: z.uuid({ error: IT_BOOKING.validation.reservation }),
  name: personName(IT_BOOKING.validation.participantName),
  email: customerFieldsShape.email,
});
export type ReservationParticipantBody = z.input<typeof reservationParticipantBodySchema>;

/**
 * GET /api/reservation_participants/{id} with the participant's token as Bearer: their invitation.
 * `joinPath` is their personal join link (same origin), open from `joinOpensAt`.
 */
export const participantInvitationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  ...appointmentShape,
  joinPath: z.string(),
});
export type ParticipantInvitation = z.infer<typeof participantInvitationSchema>;

/** POST /api/bo/reservations/{id}: move it (`startsAt`), or correct what happened (`status`: completed or no_show, after the start). */
export const staffReservationUpdateBodySchema = z
  .object({
    startsAt: z.optional(instant),
    status: z.optional(z.enum(['completed', 'no_show'], { error: IT_BOOKING.validation.status })),
  })
  .check(
    z.superRefine((body, ctx) => {
      if ((body.startsAt === undefined) === (body.status === undefined)) {
        ctx.addIssue({ code: 'custom', input: body, path: ['startsAt'], message: IT_BOOKING.validation.updateOneOf });
      }
    }),
  );
export type StaffReservationUpdateBody = z.infer<typeof staffReservationUpdateBodySchema>;
