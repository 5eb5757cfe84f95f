import type { FastifyError, FastifyInstance } from 'fastify';
import { IT } from '@incontra/contracts/messages/it';
import { errorBody, HttpError } from '../http/http-error';
import type { ErrorReporting } from './error-reporting';

function clientStatus(error: unknown): number | null {
  const status = (error as Partial<FastifyError> | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

/**
 * One error body for the whole API. Expected failures (HttpError, Fastify's own 4xx such as a
 * malformed JSON body or a body over the size limit, rate limits) keep their status and message;
 * anything else is a 500 with a generic message, reported through the error-reporting port.
 */
export function installErrorHandler(app: FastifyInstance, reporting: ErrorReporting): void {
  app.setErrorHandler(async (error, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send(error.toBody());
    const status = clientStatus(error);
    if (status !== null) {
      const message = (error as { message?: unknown }).message;
      return reply.code(status).send(errorBody(status, typeof message === 'string' && message ? message : IT.errors.generic));
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
