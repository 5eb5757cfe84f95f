import type { FastifyBaseLogger } from 'fastify';

/** A logger that says nothing, for units given a logger whose lines a test does not read. */
export const silentLog = { error: () => undefined, warn: () => undefined, info: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;
