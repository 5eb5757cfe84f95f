import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { idParam, okSchema, type Ok } from '@incontra/contracts/api/common';
import { DOCUMENT_KINDS, roomDocumentSchema, roomDocumentsSchema } from '@incontra/contracts/api/documents';
import type { RoomTokenClaims } from '@incontra/contracts/api/video-room';
import { IT } from '@incontra/contracts/messages/it';
import { IT_DOCUMENTS } from '@incontra/contracts/messages/it-video-room';
import type { Authenticate } from '../auth/authenticate';
import { bearerTokenOf } from '../auth/request-session';
import { refuseWhileBillingOnly, registerStaffRoutes } from '../auth/staff-scope';
import { looksLikeToken } from '../auth/tokens';
import { HttpError } from '../http/http-error';
import type { ZodPluginAsync } from '../http/zod-type-provider';
import { requestHost } from '../tenancy/request-host';
import { refuseGuestWhileSuspended } from '../tenancy/public-scope';
import type { TenancyService } from '../tenancy/service';
import { attachmentDisposition } from './content-disposition';
import { DownloadLinks, type DownloadSignature } from './download-links';
import { MULTIPART_LIMITS, multipartUpload } from './multipart-upload';
import type { DocumentsService, Uploader } from './service';

export interface DocumentsRoutesOptions {
  documents: DocumentsService;
  links: DownloadLinks;
  tenancy: TenancyService;
  authenticate: Authenticate;
  /**
   * A room token's claims when it is genuine, unexpired, unrevoked and its room still exists (the
   * video room's own check), else null: how a guest, who has no session, proves its entry.
   */
  authorizeRoomToken(token: string): Promise<RoomTokenClaims | null>;
}

// A malformed id is not found, like an unknown one; checked once the caller is known (the staff
// scope's preValidation, or `callerFirst`), so a caller without access learns nothing of it.
const idParams = z.object({ id: idParam(IT.errors.notFound) });
/** The contract's list query, with the one Italian message for any bad `kind` (unknown, repeated). */
const listQuery = z.object({ kind: z.optional(z.enum(DOCUMENT_KINDS, { error: IT_DOCUMENTS.kindInvalid })) });
/** A link's signature is judged by DownloadLinks (a bad one is 403, not a 400): any values pass here. */
const signatureQuery = z.object({ exp: z.optional(z.unknown()), sig: z.optional(z.unknown()) });

/** Who calls, found in preValidation (before the path is checked) and read by the handler. */
function callerFirst<T>(find: (request: FastifyRequest, id: string) => Promise<T>) {
  const found = new WeakMap<FastifyRequest, T>();
  return {
    preValidation: async (request: FastifyRequest) => {
      found.set(request, await find(request, (request.params as { id: string }).id));
    },
    of: (request: FastifyRequest): T => found.get(request)!,
  };
}

export const documentsRoutes: ZodPluginAsync<DocumentsRoutesOptions> = async (app, { documents, links, tenancy, authenticate, authorizeRoomToken }) => {
  // Registered inside this plugin: only these routes accept multipart bodies.
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
  // Any other body type (multipart/mixed, an octet stream, …) is refused here, in Italian, before
  // a handler reads anything (JSON and plain text keep Fastify's parsers: "no file", a 400).
  app.addContentTypeParser('*', (_request, _payload, done) => done(new HttpError(415, IT_DOCUMENTS.formRequired)));

  /**
   * Who may download: a valid signed link on the company's host (staff id null: anyone in the
   * room), else a staff session of it, for a room of a store they serve.
   */
  async function downloader(
    request: FastifyRequest,
    documentId: string,
    signature: DownloadSignature,
  ): Promise<{ companyId: string; staffUserId: string | null }> {
    if (links.verify(documentId, signature)) {
      // A signed link carries no session (guests have none), so the tenant is the Host's company.
      // The document is then looked up under that tenant, not across tenants (`withoutTenant`
      // cannot see `documents` anyway under row-level security): a link of another company's
      // document opened on this company's host is simply not found.
      return { companyId: (await tenancy.requireCompanyByHost(requestHost(request))).id, staffUserId: null };
    }
    try {
      const { company, user } = refuseWhileBillingOnly(await authenticate(request));
      return { companyId: company.id, staffUserId: user.id };
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401 && DownloadLinks.present(signature)) {
        throw new HttpError(403, IT_DOCUMENTS.linkInvalid);
      }
      throw error;
    }
  }

  /**
   * Who uploads: staff by their session (cookie, or a session token as Bearer); otherwise the
   * Bearer is the join answer's `uploadToken`, good for chat files of that room on its company's
   * host only (a kicked guest's token is revoked with its identity).
   */
  async function uploaderOf(request: FastifyRequest, roomId: string): Promise<{ companyId: string; uploader: Uploader }> {
    const bearer = bearerTokenOf(request);
    if (bearer === null || looksLikeToken(bearer)) {
      const { company, user } = refuseWhileBillingOnly(await authenticate(request));
      return { companyId: company.id, uploader: { id: user.id, chatOnly: false, staffUserId: user.id } };
    }
    const company = refuseGuestWhileSuspended(await tenancy.requireCompanyByHost(requestHost(request)));
    const claims = await authorizeRoomToken(bearer);
    if (!claims) throw new HttpError(401, IT_DOCUMENTS.roomAccessInvalid);
    if (claims.cid !== company.id || claims.rid !== roomId) throw new HttpError(404, IT.errors.notFound);
    return { companyId: company.id, uploader: { id: claims.sub, chatOnly: true } };
  }

  // Upload and download stay outside the staff scope: a guest's upload token or a signed link serve too.
  // Multipart: the handler streams the form itself (multipartUpload), so the body has no schema.
  const uploading = callerFirst(uploaderOf);
  app.post(
    '/api/room/:id/documents',
    { schema: { params: idParams, response: { 201: roomDocumentSchema } }, preValidation: uploading.preValidation },
    async (request, reply) => {
      const { companyId, uploader } = uploading.of(request);
      const document = await documents.upload(companyId, request.params.id, uploader, multipartUpload(request));
      reply.code(201);
      return document;
    },
  );

  const downloading = callerFirst((request, id) => downloader(request, id, request.query as DownloadSignature));
  app.get(
    '/api/documents/:id/download',
    { schema: { params: idParams, querystring: signatureQuery }, preValidation: downloading.preValidation },
    async (request, reply) => {
      const { companyId, staffUserId } = downloading.of(request);
      const file = await documents.open(companyId, request.params.id, staffUserId);
      return reply
        .type(file.mimeType)
        .header('content-length', file.size)
        .header('content-disposition', attachmentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );

  await registerStaffRoutes(app, authenticate, async (staff) => {
    staff.get('/api/room/:id/documents', { schema: { params: idParams, querystring: listQuery, response: { 200: roomDocumentsSchema } } }, async (request) =>
      documents.list(request.staff, request.params.id, request.query.kind),
    );

    staff.delete('/api/documents/:id', { schema: { params: idParams, response: { 200: okSchema } } }, async (request): Promise<Ok> => {
      await documents.remove(request.staff, request.params.id);
      return { ok: true };
    });
  });
};
