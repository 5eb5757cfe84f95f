import fp from 'fastify-plugin';
import fastifyMultipart from '@fastify/multipart';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { uploadedImageSchema } from '@incontra/contracts/api/company-management';
import { IT } from '@incontra/contracts/messages/it';
import { IT_COMPANY } from '@incontra/contracts/messages/it-company';
import { registerStaffRoutes } from '../../auth/staff-scope';
import { HttpError } from '../../http/http-error';
import type { ZodPluginAsync } from '../../http/zod-type-provider';
import { UploadNotFoundError } from '../../uploads/upload-store';
import { IMAGE_EXTENSIONS, sniffImageType } from './image-header';
import { parseImageName } from './image-names';
import { IMAGE_MULTIPART_LIMITS } from './receive-image';
import { uploadEditorImage } from './upload-image';

const notFound = () => new HttpError(404, IT.errors.notFound);

/**
 * An uploaded image is served as an image and nothing else: never sniffed into HTML, and were a
 * browser to open it as a document, no script, style or form of it would run (sandbox).
 */
const IMAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'public, max-age=31536000, immutable',
  'cross-origin-resource-policy': 'same-site',
};
const IMAGE_CSP = "default-src 'none'; img-src 'self'; sandbox";

/**
 * The rich-text editor's images (and the company logo): uploaded by admins, counted like the
 * rooms' files (upload-image.ts), served to anyone under a random name. Registered in its own
 * context: only this route takes multipart bodies.
 */
const editorImageRoutes: ZodPluginAsync<Record<never, never>> = async (app) => {
  await app.register(fastifyMultipart, { limits: IMAGE_MULTIPART_LIMITS });
  app.addContentTypeParser('*', (_request, _payload, done) => done(new HttpError(400, IT_COMPANY.image.required, 'image')));

  // The rooms' limits (UPLOAD_*): one upload rate and one storage quota for every upload route.
  const upload = { db: app.db, uploads: app.uploads, clock: app.clock, limits: app.config.uploads };
  await registerStaffRoutes(app, app.authenticate, async (staff) => {
    staff.post('/api/editor/upload-image', { schema: { response: { 201: uploadedImageSchema } } }, async (request, reply) => {
      const url = await uploadEditorImage(upload, request.staff, request);
      return reply.code(201).send({ url });
    });
  });

  const imageRoute = {
    schema: { params: z.object({ name: z.string() }) },
    // After the app's own headers (its policy is the pages'): this one allows nothing but the image.
    onSend: (_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
      reply.header('content-security-policy', IMAGE_CSP);
      done(null, payload);
    },
  };

  app.get('/api/editor/images/:name', imageRoute, async (request, reply) => {
    const name = parseImageName(request.params.name);
    if (!name) throw notFound();
    const content = await readStored(app.uploads.open(name.key));
    const type = sniffImageType(content);
    // The extension is part of the name: one image, one address.
    if (!type || IMAGE_EXTENSIONS[type] !== name.extension) throw notFound();
    return reply.headers(IMAGE_HEADERS).type(type).send(content);
  });
};

async function readStored(opening: Promise<Readable>): Promise<Buffer> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await opening) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } catch (error) {
    if (error instanceof UploadNotFoundError) throw notFound();
    throw error;
  }
}

/** Plugin `editor-images`: builds its services from the core's decorations and registers its routes. */
export const editorImagesPlugin = fp(editorImageRoutes, { name: 'editor-images', dependencies: ['core', 'auth'] });
