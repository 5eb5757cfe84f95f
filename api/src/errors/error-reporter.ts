import type { FastifyBaseLogger } from 'fastify';

export interface ServerErrorContext {
  statusCode: number;
  pathname: string;
  method: string;
  requestId: string;
}

/** The error-reporting port: an outside service in production, the log by default. */
export interface ErrorReporter {
  capture(error: unknown, context: ServerErrorContext): void;
  /** Resolves true once everything captured so far has been delivered. */
  flush(): Promise<boolean>;
}

/** The embedded default: a structured error log line is the report. */
export function createLogErrorReporter(logger: FastifyBaseLogger): ErrorReporter {
  return {
    capture(error, context) {
      logger.error({ err: error, ...context }, 'server error reported');
    },
    flush: async () => true,
  };
}
