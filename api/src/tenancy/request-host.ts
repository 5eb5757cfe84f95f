import type { FastifyRequest } from 'fastify';
import { hostFromOrigin, normalizeHost } from './host';

/** The host the request was sent to (X-Forwarded-Host only when TRUST_PROXY allows it). */
export function requestHost(request: FastifyRequest): string | null {
  return normalizeHost(request.host);
}

/** For /api/config/* and the public reads: the x-origin header when present, else the Host. */
export function originOrRequestHost(request: FastifyRequest): string | null {
  const origin = request.headers['x-origin'];
  if (typeof origin === 'string' && origin !== '') return hostFromOrigin(origin);
  return requestHost(request);
}
