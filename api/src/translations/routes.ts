import fp from 'fastify-plugin';
import { okSchema, type Ok } from '@incontra/contracts/api/common';
import { roomTranslationSchema } from '@incontra/contracts/api/stores';
import { translationBodySchema, translationKeyParamsSchema, translationParamsSchema } from '@incontra/contracts/api/translations';
import { registerStaffRoutes } from '../auth/staff-scope';
import type { ZodPluginAsync } from '../http/zod-type-provider';
import { TranslationsService } from './service';

/** Writing a room's texts (reading them is public: GET /api/room/{id}/translations, in tenancy). */
const translationsRoutes: ZodPluginAsync<Record<never, never>> = async (app) => {
  const { db, authenticate } = app;
  const translations = new TranslationsService(db);

  await registerStaffRoutes(app, authenticate, async (staff) => {
    staff.post(
      '/api/room/:id/translations/:lang',
      { schema: { params: translationParamsSchema, body: translationBodySchema, response: { 200: roomTranslationSchema } } },
      async (request) => {
        const { id, lang } = request.params;
        return translations.save(request.staff, { roomId: id, language: lang, key: request.body.key }, request.body.label);
      },
    );

    staff.delete(
      '/api/room/:id/translations/:lang/:key',
      { schema: { params: translationKeyParamsSchema, response: { 200: okSchema } } },
      async (request): Promise<Ok> => {
        const { id, lang, key } = request.params;
        await translations.reset(request.staff, { roomId: id, language: lang, key });
        return { ok: true };
      },
    );
  });
};

/** Plugin `translations`: builds its services from the core's decorations and registers its routes. */
export const translationsPlugin = fp(translationsRoutes, { name: 'translations', dependencies: ['core', 'auth'] });
