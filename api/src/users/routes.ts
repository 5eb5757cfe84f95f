import fp from 'fastify-plugin';
import * as z from 'zod/mini';
import { idParam, okSchema, type Ok } from '@incontra/contracts/api/common';
import { IT_USERS } from '@incontra/contracts/messages/it-users';
import { managedUserSchema, userBodySchema, usersPageSchema, usersQuerySchema, userUpdateBodySchema } from '@incontra/contracts/api/users';
import { registerStaffRoutes } from '../auth/staff-scope';
import type { ZodPluginAsync } from '../http/zod-type-provider';
import { UsersService } from './user-service';

// A malformed id is not found, like an unknown one.
const idParams = z.object({ id: idParam(IT_USERS.errors.notFound) });

/** Users: list, read, invite (mail with a link to choose a password), change, delete. Admins only (ROUTE_PERMISSIONS). */
const usersRoutes: ZodPluginAsync<Record<never, never>> = async (app) => {
  const users = new UsersService(app);

  await registerStaffRoutes(app, app.authenticate, async (staff) => {
    staff.get('/api/users', { schema: { querystring: usersQuerySchema, response: { 200: usersPageSchema } } }, (request) =>
      users.list(request.staff.company.id, request.query),
    );

    staff.get('/api/users/:id', { schema: { params: idParams, response: { 200: managedUserSchema } } }, (request) =>
      users.get(request.staff.company.id, request.params.id),
    );

    staff.post('/api/users', { schema: { body: userBodySchema, response: { 201: managedUserSchema } } }, async (request, reply) => {
      const user = await users.create(request.staff, request.body);
      return reply.code(201).send(user);
    });

    staff.post('/api/users/:id', { schema: { params: idParams, body: userUpdateBodySchema, response: { 200: managedUserSchema } } }, (request) =>
      users.update(request.staff, request.params.id, request.body),
    );

    staff.delete('/api/users/:id', { schema: { params: idParams, response: { 200: okSchema } } }, async (request): Promise<Ok> => {
      await users.remove(request.staff, request.params.id);
      return { ok: true };
    });
  });
};

/** Plugin `users`: builds its services from the core's decorations and registers its routes. */
export const usersPlugin = fp(usersRoutes, { name: 'users', dependencies: ['core', 'mail', 'auth', 'video-room'] });
