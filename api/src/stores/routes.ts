import fp from 'fastify-plugin';
import * as z from 'zod/mini';
import { idParam, okSchema, type Ok } from '@incontra/contracts/api/common';
import { IT } from '@incontra/contracts/messages/it';
import {
  managedStoreSchema,
  managedStoresSchema,
  managedTopicSchema,
  managedTopicsSchema,
  storeBodySchema,
  storeUpdateBodySchema,
  topicBodySchema,
  topicUpdateBodySchema,
} from '@incontra/contracts/api/store-management';
import { registerStaffRoutes } from '../auth/staff-scope';
import type { ZodPluginAsync } from '../http/zod-type-provider';
import { notFound, StoresService } from './store-service';
import { TopicsService } from './topic-service';

// A malformed id is not found, like an unknown one or another company's.
const idParams = z.object({ id: idParam(IT.errors.notFound) });

/** Stores and their topics. (A store's wall is the company area's: POST /api/store/{id}/wall.) */
const storesRoutes: ZodPluginAsync<Record<never, never>> = async (app) => {
  const stores = new StoresService(app.db, app.clock);
  const topics = new TopicsService(app.db);

  await registerStaffRoutes(app, app.authenticate, async (staff) => {
    staff.get('/api/stores', { schema: { response: { 200: managedStoresSchema } } }, async (request) => stores.list(request.staff));

    staff.get('/api/company/:id/stores', { schema: { params: idParams, response: { 200: managedStoresSchema } } }, async (request) => {
      if (request.params.id !== request.staff.company.id) throw notFound();
      return stores.list(request.staff);
    });

    staff.post('/api/store', { schema: { body: storeBodySchema, response: { 201: managedStoreSchema } } }, async (request, reply) => {
      const { name, address = null, requirePhoneVerification = null } = request.body;
      const store = await stores.create(request.staff, { name, address, requirePhoneVerification });
      return reply.code(201).send(store);
    });

    staff.get('/api/store/:id', { schema: { params: idParams, response: { 200: managedStoreSchema } } }, async (request) =>
      stores.get(request.staff, request.params.id),
    );

    staff.post('/api/store/:id', { schema: { params: idParams, body: storeUpdateBodySchema, response: { 200: managedStoreSchema } } }, async (request) =>
      stores.update(request.staff, request.params.id, withoutUndefined(request.body)),
    );

    staff.delete('/api/store/:id', { schema: { params: idParams, response: { 200: okSchema } } }, async (request): Promise<Ok> => {
      await stores.delete(request.staff, request.params.id);
      return { ok: true };
    });

    staff.get('/api/store/:id/topics', { schema: { params: idParams, response: { 200: managedTopicsSchema } } }, async (request) =>
      topics.list(request.staff, request.params.id),
    );

    staff.post(
      '/api/store/:id/topics',
      { schema: { params: idParams, body: topicBodySchema, response: { 201: managedTopicSchema } } },
      async (request, reply) => {
        const topic = await topics.create(request.staff, request.params.id, request.body);
        return reply.code(201).send(topic);
      },
    );

    staff.post('/api/topic/:id', { schema: { params: idParams, body: topicUpdateBodySchema, response: { 200: managedTopicSchema } } }, async (request) =>
      topics.update(request.staff, request.params.id, withoutUndefined(request.body)),
    );

    staff.delete('/api/topic/:id', { schema: { params: idParams, response: { 200: okSchema } } }, async (request): Promise<Ok> => {
      await topics.delete(request.staff, request.params.id);
      return { ok: true };
    });
  });
};

/** A partial body's given fields only: an absent one stays as it is. */
function withoutUndefined<T extends object>(body: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}

/** Plugin `stores`: builds its services from the core's decorations and registers its routes. */
export const storesPlugin = fp(storesRoutes, { name: 'stores', dependencies: ['core', 'auth'] });
