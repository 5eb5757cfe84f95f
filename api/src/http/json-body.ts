import type { FastifyInstance } from 'fastify';
import { IT } from '@incontra/contracts/messages/it';
import { HttpError } from './http-error';

/**
 * The deepest nesting of arrays and objects a JSON body may have. The contracts nest a few levels;
 * a body thousands deep is never a client of ours, and every later walk of it (the NUL rule, the
 * schema) would pay for its depth.
 */
export const JSON_DEPTH_MAX = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);

/** Whether the JSON text nests deeper than `max`: one pass over its characters, strings skipped. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (OPENERS.has(code)) {
      depth += 1;
      if (depth > max) return true;
    } else if (CLOSERS.has(code)) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * JSON bodies: Fastify's own parser (prototype poisoning refused), after a linear check of the
 * nesting, so that a deep body is a 400 before anything walks it. The size is bounded by the
 * server's bodyLimit before this runs.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, JSON_DEPTH_MAX)) {
      done(new HttpError(400, IT.errors.nestedTooDeep), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
}
