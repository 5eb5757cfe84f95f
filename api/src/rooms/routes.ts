import fp from 'fastify-plugin';
import * as z from 'zod/mini';
import { idParam, okSchema, type Ok } from '@incontra/contracts/api/common';
import {
  closingDecisionQuerySchema,
  managedRoomSchema,
  openingDateSchema,
  openingExceptionBodySchema,
  roomBodySchema,
  roomOpeningSchema,
  roomSlotsSchema,
  roomsPageSchema,
  roomsQuerySchema,
  roomUpdateBodySchema,
  weeklyOpeningBodySchema,
} from '@incontra/contracts/api/room-management';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { registerStaffRoutes } from '../auth/staff-scope';
import { PubSubAgendaNotifier } from '../lobby-realtime/agenda-changes';
import type { ZodPluginAsync } from '../http/zod-type-provider';
import { OpeningService } from './opening-service';
import { RoomService } from './room-service';

// A malformed id is not found, like an unknown one (before any query).
const roomId = idParam(IT_ROOMS.errors.notFound);
const idParams = z.object({ id: roomId });
const exceptionParams = z.object({ id: roomId, date: openingDateSchema });

/** Rooms, their slots, weekly opening and dated exceptions (access: ROUTE_PERMISSIONS). */
const roomsRoutes: ZodPluginAsync<Record<never, never>> = async (app) => {
  const rooms = new RoomService({ db: app.db, clock: app.clock, uploads: app.uploads, log: app.log, cache: app.cache });
  const opening = new OpeningService({ db: app.db, clock: app.clock, mailer: app.mailer, agenda: new PubSubAgendaNotifier(app) });

  await registerStaffRoutes(app, app.authenticate, async (staff) => {
    staff.get('/api/rooms', { schema: { querystring: roomsQuerySchema, response: { 200: roomsPageSchema } } }, async (request) =>
      rooms.list(request.staff, request.query),
    );

    staff.post('/api/room', { schema: { body: roomBodySchema, response: { 201: managedRoomSchema } } }, async (request, reply) => {
      const room = await rooms.create(request.staff, request.body);
      reply.code(201);
      return room;
    });

    staff.get('/api/room/:id', { schema: { params: idParams, response: { 200: managedRoomSchema } } }, async (request) =>
      rooms.get(request.staff, request.params.id),
    );

    staff.post('/api/room/:id', { schema: { params: idParams, body: roomUpdateBodySchema, response: { 200: managedRoomSchema } } }, async (request) =>
      rooms.update(request.staff, request.params.id, request.body),
    );

    staff.delete('/api/room/:id', { schema: { params: idParams, response: { 200: okSchema } } }, async (request): Promise<Ok> => {
      await rooms.remove(request.staff, request.params.id);
      return { ok: true };
    });

    staff.get('/api/room/:id/slots', { schema: { params: idParams, response: { 200: roomSlotsSchema } } }, async (request) =>
      rooms.slots(request.staff, request.params.id),
    );

    staff.post('/api/room/:id/slots', { schema: { params: idParams, body: roomSlotsSchema, response: { 200: roomSlotsSchema } } }, async (request) =>
      rooms.setSlots(request.staff, request.params.id, request.body),
    );

    staff.get('/api/room/:id/opening', { schema: { params: idParams, response: { 200: roomOpeningSchema } } }, async (request) =>
      opening.get(request.staff, request.params.id),
    );

    staff.post(
      '/api/room/:id/opening',
      { schema: { params: idParams, body: weeklyOpeningBodySchema, response: { 200: roomOpeningSchema } } },
      async (request) => {
        const { weekly, ...decision } = request.body;
        return opening.setWeekly(request.staff, request.params.id, weekly, decision);
      },
    );

    staff.post(
      '/api/room/:id/exceptions',
      { schema: { params: idParams, body: openingExceptionBodySchema, response: { 200: roomOpeningSchema } } },
      async (request) => {
        const { affected, affectedIds, message, ...exception } = request.body;
        return opening.setException(request.staff, request.params.id, exception, { affected, affectedIds, message });
      },
    );

    staff.delete(
      '/api/room/:id/exceptions/:date',
      { schema: { params: exceptionParams, querystring: closingDecisionQuerySchema, response: { 200: roomOpeningSchema } } },
      async (request) => opening.deleteException(request.staff, request.params.id, request.params.date, request.query),
    );
  });
};

/** Plugin `rooms`: builds its services from the core's decorations and registers its routes. */
export const roomsPlugin = fp(roomsRoutes, { name: 'rooms', dependencies: ['core', 'mail', 'auth'] });
