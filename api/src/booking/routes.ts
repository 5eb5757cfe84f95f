import type { FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import {
  confirmReservationBodySchema,
  createdReservationSchema,
  customerReservationSchema,
  IDEMPOTENCY_KEY,
  moveReservationBodySchema,
  participantInvitationSchema,
  pendingReservationSchema,
  reservationBodySchema,
  reservationParticipantBodySchema,
  reservationParticipantSchema,
  reservationPaymentStateSchema,
  slotsQuerySchema,
  staffReservationBodySchema,
  staffReservationDetailSchema,
  staffReservationSchema,
  staffReservationsPageSchema,
  staffReservationsQuerySchema,
  staffReservationUpdateBodySchema,
  storeSlotsSchema,
} from '@incontra/contracts/api/reservations';
import { idParam } from '@incontra/contracts/api/common';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import type { Authenticate } from '../auth/authenticate';
import { bearerTokenOf } from '../auth/request-session';
import { registerStaffRoutes } from '../auth/staff-scope';
import type { RateLimitConfig } from '../config/config';
import { HttpError } from '../http/http-error';
import type { ZodPluginAsync } from '../http/zod-type-provider';
import { publicOrigin } from '../tenancy/public-origin';
import { registerPublicRoutes } from '../tenancy/public-scope';
import type { TenancyService } from '../tenancy/service';
import type { ParticipantService } from './participants';
import type { BookingService } from './service';
import type { StaffBookingService } from './staff-service';

export interface BookingRoutesOptions {
  booking: BookingService;
  staffBooking: StaffBookingService;
  participants: ParticipantService;
  authenticate: Authenticate;
  tenancy: TenancyService;
  limits: RateLimitConfig;
  /** PUBLIC_URL: the e-mails' links lead to the company's host in this origin. */
  publicUrl: string;
}

// Ids in the path: a malformed one is not found, like an unknown one, with the entity's message.
const E = IT_BOOKING.errors;
const storeParams = z.object({ id: idParam(E.storeNotFound) });
const reservationParams = z.object({ id: idParam(E.reservationNotFound) });
const participantParams = z.object({ id: idParam(E.participantNotFound) });

/** The Idempotency-Key header: absent, or a key of the contract's shape (else 400 naming it). */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) throw new HttpError(400, IT_BOOKING.validation.idempotencyKey, 'Idempotency-Key');
  return header;
}

/**
 * The customer's side of booking, no session: the free times of a store's topic, the booking
 * itself, and the manage link's calls (the manage token as a Bearer header).
 */
export const bookingRoutes: ZodPluginAsync<BookingRoutesOptions> = async (
  app,
  { booking, staffBooking, participants, authenticate, tenancy, limits, publicUrl },
) => {
  const book = { config: { rateLimit: { max: limits.bookingsPerMinute, timeWindow: 60_000 } } };
  const manage = { config: { rateLimit: { max: limits.manageCallsPerMinute, timeWindow: 60_000 } } };

  // The customer's calls: the company is the host's (x-origin for /api/config/*: the visitor's site).
  await registerPublicRoutes(
    app,
    tenancy,
    async (scope) => {
      scope.get(
        '/api/config/store/:id/slots',
        { schema: { params: storeParams, querystring: slotsQuerySchema, response: { 200: storeSlotsSchema } } },
        async (request) => booking.slots(request.company, request.params.id, request.query),
      );
    },
    { origin: true },
  );

  await registerPublicRoutes(app, tenancy, async (scope) => {
    scope.post(
      '/api/reservations',
      { ...book, schema: { body: reservationBodySchema, response: { 201: createdReservationSchema, 202: pendingReservationSchema } } },
      async (request, reply) => {
        const idempotencyKey = idempotencyKeyOf(request);
        const { company } = request;
        const answer = await booking.book({ company, body: request.body, idempotencyKey, origin: publicOrigin(publicUrl, request) });
        return answer.kind === 'created' ? reply.code(201).send(answer.created) : reply.code(202).send(answer.pending);
      },
    );

    // The link e-mailed while the store's breaker was on: the booking is made now.
    scope.post(
      '/api/reservations/confirm',
      { ...book, schema: { body: confirmReservationBodySchema, response: { 201: createdReservationSchema } } },
      async (request, reply) => reply.code(201).send(await booking.confirm(request.company, request.body)),
    );

    scope.get('/api/reservations/:id', { ...manage, schema: { params: reservationParams, response: { 200: customerReservationSchema } } }, async (request) =>
      booking.viewWithToken(request.company, request.params.id, bearerTokenOf(request)),
    );

    scope.get('/api/reservations/:id/calendar.ics', { ...manage, schema: { params: reservationParams } }, async (request, reply) => {
      const file = await booking.calendarWithToken(request.company, request.params.id, bearerTokenOf(request));
      return reply.type('text/calendar; charset=utf-8').header('content-disposition', 'attachment; filename="appuntamento.ics"').send(file);
    });

    // A held reservation's payment, read again from the provider and applied (paid: booked); the card form's data while held.
    scope.get(
      '/api/reservations/:id/payment',
      { ...manage, schema: { params: reservationParams, response: { 200: reservationPaymentStateSchema } } },
      async (request) => booking.paymentWithToken(request.company, request.params.id, bearerTokenOf(request)),
    );

    scope.post(
      '/api/reservations/:id/cancel',
      { ...manage, schema: { params: reservationParams, response: { 200: customerReservationSchema } } },
      async (request) => booking.cancelWithToken(request.company, request.params.id, bearerTokenOf(request)),
    );

    scope.post(
      '/api/reservations/:id/move',
      { ...manage, schema: { params: reservationParams, body: moveReservationBodySchema, response: { 200: customerReservationSchema } } },
      async (request) => booking.moveWithToken(request.company, request.params.id, bearerTokenOf(request), request.body.startsAt),
    );

    // An invited participant's view of their invitation: their token as a Bearer header.
    scope.get(
      '/api/reservation_participants/:id',
      { ...manage, schema: { params: participantParams, response: { 200: participantInvitationSchema } } },
      async (request) => participants.invitation(request.company, request.params.id, bearerTokenOf(request)),
    );
  });

  // The staff's agenda: operators see only the stores they serve (the service's scope).
  await registerStaffRoutes(app, authenticate, async (staff) => {
    staff.get(
      '/api/bo/reservations',
      { schema: { querystring: staffReservationsQuerySchema, response: { 200: staffReservationsPageSchema } } },
      async (request) => staffBooking.list(request.staff, request.query),
    );

    staff.post(
      '/api/bo/reservations',
      { ...book, schema: { body: staffReservationBodySchema, response: { 201: staffReservationDetailSchema } } },
      async (request, reply) => {
        const created = await staffBooking.book(request.staff, request.body);
        return reply.code(201).send(created);
      },
    );

    staff.get('/api/bo/reservations/:id', { schema: { params: reservationParams, response: { 200: staffReservationDetailSchema } } }, async (request) =>
      staffBooking.get(request.staff, request.params.id),
    );

    staff.post(
      '/api/bo/reservations/:id',
      { schema: { params: reservationParams, body: staffReservationUpdateBodySchema, response: { 200: staffReservationSchema } } },
      async (request) => staffBooking.update(request.staff, request.params.id, request.body),
    );

    staff.delete('/api/bo/reservations/:id', { schema: { params: reservationParams, response: { 200: staffReservationSchema } } }, async (request) =>
      staffBooking.cancel(request.staff, request.params.id),
    );

    // A paid appointment refunded in full from the agenda (the appointment kept).
    staff.post('/api/bo/reservations/:id/refund', { schema: { params: reservationParams, response: { 200: staffReservationSchema } } }, async (request) =>
      staffBooking.refund(request.staff, request.params.id),
    );

    // Someone else invited to an appointment: their e-mail carries a personal join link.
    staff.post(
      '/api/bo/reservation_participants',
      { schema: { body: reservationParticipantBodySchema, response: { 201: reservationParticipantSchema } } },
      async (request, reply) => {
        const invited = await participants.invite(request.staff, request.body);
        return reply.code(201).send(invited);
      },
    );

    staff.delete('/api/bo/reservation_participants/:id', { schema: { params: participantParams } }, async (request, reply) => {
      await participants.withdraw(request.staff, request.params.id);
      return reply.code(204).send();
    });
  });
};
