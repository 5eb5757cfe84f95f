import type { FastifyRequest } from 'fastify';

/**
 * The origin the browser reached us at: the scheme of `request.protocol` (X-Forwarded-Proto only
 * under TRUST_PROXY) and the host with its port from `request.host` (X-Forwarded-Host likewise),
 * as URL serialises an origin (lower case, default port left out). Null when it is no URL.
 */
function ownOrigin(request: FastifyRequest): string | null {
  const own = `${request.protocol}://${request.host}`;
  return URL.canParse(own) ? new URL(own).origin : null;
}

/**
 * Whether the upgrade comes from a page of the very origin it was sent to: scheme, host and port
 * alike. Browsers send Origin with every WebSocket and cookies go along whatever the page, so a
 * socket authenticated by cookie must check it (cross-site WebSocket hijacking); another port or
 * scheme of the same host is another origin (another application may live there). A missing
 * Origin, `null` (sandboxed pages, file:) or anything that is not exactly an origin is refused.
 */
export function isSameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || !URL.canParse(origin)) return false;
  const claimed = new URL(origin).origin;
  // Exactly an origin: no path, no user info, no default port written out.
  if (claimed === 'null' || claimed !== origin.toLowerCase()) return false;
  return claimed === ownOrigin(request);
}
