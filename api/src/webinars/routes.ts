import * as z from 'zod/mini';
import { idParam } from '@incontra/contracts/api/common';
import {
  createdWebinarRegistrationSchema,
  publicWebinarSchema,
  storeWebinarsSchema,
  webinarBodySchema,
  webinarJoinSchema,
  webinarListSchema,
  webinarParams,
  webinarRegistrationBodySchema,
  webinarRegistrationListSchema,
  webinarRegistrationParams,
  webinarRegistrationSchema,
  webinarSchema,
  webinarsQuerySchema,
  webinarUpdateSchema,
} from '@incontra/contracts/api/webinars';
import { webinarReplaySchema } from '@incontra/contracts/api/webinar-replays';
import { IT_WEBINARS } from '@incontra/contracts/messages/it-webinars';
import { HttpError } from '../http/http-error';
import type { Authenticate } from '../auth/authenticate';
import { bearerTokenOf } from '../auth/request-session';
import { registerStaffRoutes } from '../auth/staff-scope';
import type { RateLimitConfig } from '../config/config';
import type { ZodPluginAsync } from '../http/zod-type-provider';
import { publicOrigin } from '../tenancy/public-origin';
import { registerPublicRoutes } from '../tenancy/public-scope';
import type { TenancyService } from '../tenancy/service';
import type { RegistrationService } from './registrations';
import { byteRange, REPLAY_PATH } from './replay/replay-links';
import type { ReplayService } from './replay/replay-service';
import type { WebinarService } from './service';

export interface WebinarRoutesOptions {
  webinars: WebinarService;
  registrations: RegistrationService;
  replays: ReplayService;
  authenticate: Authenticate;
  tenancy: TenancyService;
  limits: RateLimitConfig;
  publicUrl: string;
}

const storeParams = z.object({ id: idParam(IT_WEBINARS.storeNotFound) });
/**
 * A replay link: its token in the query (longer than a path parameter may be), bounded before any
 * work (a compact JWT of ours is well under this).
 */
const replayQuery = z.object({ token: z.string().check(z.maxLength(1024)), download: z.optional(z.enum(['1'])) });

/**
 * Webinars' calls. Visitors (no session): a store's upcoming webinars, one webinar's page
 * (/api/config/webinar/{id}, x-origin as the other visitor reads), the registration, and the
 * personal link's calls with its token as a Bearer header (the page, its .ics, the cancellation,
 * the viewer's join). Staff: the list and editor, the registrations, the presenter's join. The
 * joins are GETs that change nothing: they hand out a credential.
 */
export const webinarRoutes: ZodPluginAsync<WebinarRoutesOptions> = async (
  app,
  { webinars, registrations, replays, authenticate, tenancy, limits, publicUrl },
) => {
  const register = { config: { rateLimit: { max: limits.bookingsPerMinute, timeWindow: 60_000 } } };
  const manage = { config: { rateLimit: { max: limits.manageCallsPerMinute, timeWindow: 60_000 } } };

  await registerPublicRoutes(
    app,
    tenancy,
    async (scope) => {
      scope.get('/api/config/webinar/:id', { ...manage, schema: { params: webinarParams, response: { 200: publicWebinarSchema } } }, async (request) =>
        registrations.webinar(request.company, request.params.id),
      );
    },
    { origin: true },
  );

  await registerPublicRoutes(app, tenancy, async (scope) => {
    scope.get('/api/store/:id/webinar', { ...manage, schema: { params: storeParams, response: { 200: storeWebinarsSchema } } }, async (request) =>
      registrations.storeWebinars(request.company, request.params.id),
    );

    scope.post(
      '/api/webinar/:id/reservation',
      { ...register, schema: { params: webinarParams, body: webinarRegistrationBodySchema, response: { 201: createdWebinarRegistrationSchema } } },
      async (request, reply) =>
        reply.code(201).send(await registrations.register(request.company, request.params.id, request.body, publicOrigin(publicUrl, request))),
    );

    scope.get(
      '/api/webinar-reservation/:id',
      { ...manage, schema: { params: webinarRegistrationParams, response: { 200: webinarRegistrationSchema } } },
      async (request) => registrations.view(request.company, request.params.id, bearerTokenOf(request)),
    );

    scope.get('/api/webinar-reservation/:id/calendar.ics', { ...manage, schema: { params: webinarRegistrationParams } }, async (request, reply) => {
      const file = await registrations.calendar(request.company, request.params.id, bearerTokenOf(request));
      return reply.type('text/calendar; charset=utf-8').header('content-disposition', 'attachment; filename="webinar.ics"').send(file);
    });

    scope.delete(
      '/api/webinar-reservation/:id',
      { ...manage, schema: { params: webinarRegistrationParams, response: { 200: webinarRegistrationSchema } } },
      async (request) => registrations.cancel(request.company, request.params.id, bearerTokenOf(request)),
    );

    scope.get(
      '/api/webinar-reservation/:id/replay',
      { ...manage, schema: { params: webinarRegistrationParams, response: { 200: webinarReplaySchema } } },
      async (request) => replays.forRegistrant(request.company.id, request.params.id, bearerTokenOf(request)),
    );

    scope.get(
      '/api/webinar-reservation/:id/join',
      { ...manage, schema: { params: webinarRegistrationParams, response: { 200: webinarJoinSchema } } },
      async (request) => registrations.join(request.company, request.params.id, bearerTokenOf(request)),
    );
  });

  await registerStaffRoutes(app, authenticate, async (staff) => {
    staff.get('/api/webinar', { schema: { querystring: webinarsQuerySchema, response: { 200: webinarListSchema } } }, async (request) =>
      webinars.list(request.staff, request.query),
    );

    staff.post('/api/webinar', { schema: { body: webinarBodySchema, response: { 201: webinarSchema } } }, async (request, reply) =>
      reply.code(201).send(await webinars.create(request.staff, request.body)),
    );

    staff.get('/api/webinar/:id', { schema: { params: webinarParams, response: { 200: webinarSchema } } }, async (request) =>
      webinars.get(request.staff, request.params.id),
    );

    staff.post('/api/webinar/:id', { schema: { params: webinarParams, body: webinarUpdateSchema, response: { 200: webinarSchema } } }, async (request) =>
      webinars.update(request.staff, request.params.id, request.body),
    );

    staff.get('/api/webinar/:id/reservation', { schema: { params: webinarParams, response: { 200: webinarRegistrationListSchema } } }, async (request) =>
      webinars.registrations(request.staff, request.params.id),
    );

    staff.get('/api/webinar/:id/join', { schema: { params: webinarParams, response: { 200: webinarJoinSchema } } }, async (request) =>
      webinars.presenterJoin(request.staff, request.params.id),
    );

    staff.get('/api/webinar/:id/replay', { schema: { params: webinarParams, response: { 200: webinarReplaySchema } } }, async (request) =>
      replays.forStaff(request.staff, request.params.id),
    );

    staff.delete('/api/webinar/:id/replay', { schema: { params: webinarParams, response: { 200: webinarReplaySchema } } }, async (request) =>
      replays.delete(request.staff, request.params.id),
    );
  });

  // A replay link: whoever holds it (staff or a registrant, handed out above) watches or downloads
  // the file until it expires; a byte range at a time, as a video element asks for it.
  app.get(REPLAY_PATH, { ...manage, schema: { querystring: replayQuery } }, async (request, reply) => {
    let unsatisfiable = false;
    const file = await replays.file(request.query.token, (bytes) => {
      const range = byteRange(request.headers.range, bytes);
      if (range === 'unsatisfiable') unsatisfiable = true;
      return range === 'unsatisfiable' ? null : range;
    });
    if (unsatisfiable) {
      file.stream.destroy();
      reply.header('content-range', `bytes */${file.bytes}`);
      throw new HttpError(416, IT_WEBINARS.replayNotFound);
    }
    reply
      .type('video/webm')
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', request.query.download ? 'attachment; filename="webinar.webm"' : 'inline');
    if (file.range) {
      reply
        .code(206)
        .header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.bytes}`)
        .header('content-length', file.range.end - file.range.start + 1);
    } else reply.header('content-length', file.bytes);
    return reply.send(file.stream);
  });
};
