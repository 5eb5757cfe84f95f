import type { FastifyRequest } from 'fastify';
import { requestHost } from './request-host';

/**
 * Where links sent to people lead (password reset, invitations): the company's host name that the
 * call was routed by, inside the configured public origin (PUBLIC_URL). Only the host name is taken
 * from the request, and the company was found by it, so it is one of the company's configured
 * hosts; its port, scheme and anything else the request claimed (`Host: demo.localhost:31337`,
 * X-Forwarded-*) never reach a link.
 */
export function publicOrigin(template: string, request: FastifyRequest): string {
  const host = requestHost(request);
  if (!host) throw new Error('publicOrigin: the request has no host (the company lookup would have refused it)');
  return template.replace('{host}', host);
}
