import path from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { REMOTE_NAMES } from '@incontra/contracts/routes';

/** webpack's [contenthash] in a file name: such a file never changes, whatever its URL. */
const CONTENT_HASH = /\.[0-9a-f]{8,}\./;

export const IMMUTABLE = 'public, max-age=31536000, immutable';

export function cacheControlFor(filePath: string): string {
  return CONTENT_HASH.test(path.basename(filePath)) ? IMMUTABLE : 'no-cache';
}

/**
 * The builds: /shell/* from host/dist, /mfe/<name>/* from mfe-<name>/dist. Manifests,
 * remoteEntry.js and other unhashed names are revalidated on every load, hashed files are cached
 * for a year; the build's brotli and gzip copies are sent to browsers that accept them. Remote assets may be loaded from another origin, hence the CORS header.
 */
function staticFolder(root: string, prefix: string, extraHeaders: Record<string, string> = {}): FastifyStaticOptions {
  return {
    root,
    prefix,
    decorateReply: false,
    cacheControl: false,
    index: false,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(filePath));
      for (const [name, value] of Object.entries(extraHeaders)) reply.header(name, value);
    },
  };
}

export async function registerStaticAssets(app: FastifyInstance, staticRoot: string): Promise<void> {
  await app.register(fastifyStatic, staticFolder(path.join(staticRoot, 'host', 'dist'), '/shell/'));
  for (const name of REMOTE_NAMES) {
    const folder = staticFolder(path.join(staticRoot, `mfe-${name}`, 'dist'), `/mfe/${name}/`, { 'access-control-allow-origin': '*' });
    await app.register(fastifyStatic, folder);
  }
}
