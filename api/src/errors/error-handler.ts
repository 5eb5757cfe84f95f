import type { FastifyError, FastifyInstance } from 'fastify';
import { IT } from '@incontra/contracts/messages/it';
import { errorBody, HttpError } from '../http/http-error';
import { isBadCharacter, isDatabaseUnavailable } from './database-errors';
import type { ErrorReporting } from './error-reporting';

/** How long a client should wait before trying again while the database is unreachable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * Fastify's and its plugins' own refusals (a malformed JSON body, a body over the limit, an
 * unsupported content type…) speak English: the client is told in Italian, by status.
 */
const ITALIAN_BY_STATUS: Record<number, string> = {
  400: IT.errors.invalidBody,
  404: IT.errors.notFound,
  413: IT.errors.payloadTooLarge,
  415: IT.errors.unsupportedMediaType,
  429: IT.errors.tooManyRequests,
};

function clientStatus(error: unknown): number | null {
  const status = (error as Partial<FastifyError> | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

/**
 * One error body for the whole API, always in Italian. HttpErrors keep their status and message;
 * Fastify's own 4xx (a malformed JSON body, a body over the size limit) keep their status with the
 * catalogue's sentence for it;
 * a database that cannot be reached is a 503 with Retry-After (clients and proxies try again; the
 * pool reconnects by itself), logged but not reported as a defect; a character the database
 * cannot store is the client's 400 (the body rules refuse NUL first: this is the backstop);
 * anything else is a 500 with a generic message, reported through the error-reporting port.
 */
export function installErrorHandler(app: FastifyInstance, reporting: ErrorReporting): void {
  app.setErrorHandler(async (error, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send(error.toBody());
    const status = clientStatus(error);
    if (status !== null) return reply.code(status).send(errorBody(status, ITALIAN_BY_STATUS[status] ?? IT.errors.generic));
    if (isBadCharacter(error)) return reply.code(400).send(errorBody(400, IT.errors.forbiddenCharacter));
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', UNAVAILABLE_RETRY_AFTER_SECONDS).send(errorBody(503, IT.errors.unavailable));
    }
    request.log.error({ err: error }, 'request failed');
    await reporting.report(error, {
      statusCode: 500,
      pathname: request.url.split('?')[0] ?? '',
      method: request.method,
      requestId: request.id,
    });
    return reply.code(500).send(errorBody(500, IT.errors.generic));
  });
}
