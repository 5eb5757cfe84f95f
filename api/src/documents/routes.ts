import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Ok } from '@incontra/contracts/api/common';
import type { RoomDocument } from '@incontra/contracts/api/documents';
import { IT_DOCUMENTS } from '@incontra/contracts/messages/it-video-room';
import type { Authenticate } from '../auth/authenticate';
import { HttpError } from '../http/http-error';
import { requestHost } from '../tenancy/request-host';
import type { TenancyService } from '../tenancy/service';
import { attachmentDisposition } from './content-disposition';
import { DownloadLinks, type DownloadSignature } from './download-links';
import { MULTIPART_LIMITS, multipartUpload } from './multipart-upload';
import type { DocumentsService } from './service';

export interface DocumentsRoutesOptions {
  documents: DocumentsService;
  links: DownloadLinks;
  tenancy: TenancyService;
  authenticate: Authenticate;
}

type WithId = { Params: { id: string } };
type Download = WithId & { Querystring: DownloadSignature };

export const documentsRoutes: FastifyPluginAsync<DocumentsRoutesOptions> = async (app, { documents, links, tenancy, authenticate }) => {
  // Registered inside this plugin: only these routes accept multipart bodies.
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });

  /** Who may download: a valid signed link on the company's host, else a staff session of it. */
  async function downloaderCompanyId(request: FastifyRequest<Download>): Promise<string> {
    if (links.verify(request.params.id, request.query)) {
      // A signed link carries no session (guests have none), so the tenant is the Host's company.
      // The document is then looked up under that tenant, not across tenants (`withoutTenant`
      // cannot see `documents` anyway under row-level security): a link of another company's
      // document opened on this company's host is simply not found.
      return (await tenancy.requireCompanyByHost(requestHost(request))).id;
    }
    try {
      return (await authenticate(request)).company.id;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401 && DownloadLinks.present(request.query)) {
        throw new HttpError(403, IT_DOCUMENTS.linkInvalid);
      }
      throw error;
    }
  }

  app.get<WithId>('/api/room/:id/documents', async (request): Promise<RoomDocument[]> => {
    const { company } = await authenticate(request);
    return documents.list(company.id, request.params.id);
  });

  app.post<WithId>('/api/room/:id/documents', async (request, reply): Promise<RoomDocument> => {
    const { company, session } = await authenticate(request);
    const document = await documents.upload(company.id, request.params.id, session.user.id, multipartUpload(request));
    reply.code(201);
    return document;
  });

  app.get<Download>('/api/documents/:id/download', async (request, reply) => {
    const file = await documents.open(await downloaderCompanyId(request), request.params.id);
    return reply
      .type(file.mimeType)
      .header('content-length', file.size)
      .header('content-disposition', attachmentDisposition(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file.content);
  });

  app.delete<WithId>('/api/documents/:id', async (request): Promise<Ok> => {
    const { company } = await authenticate(request);
    await documents.remove(company.id, request.params.id);
    return { ok: true };
  });
};
