import type { FastifyInstance } from 'fastify';
import type { RemoteName } from '@incontra/contracts/routes';
import { CONSENT_SCRIPT_SOURCE } from './first-paint';

/** Origins of the remotes configured with an absolute URL: the page loads their code and data. */
export function remoteOrigins(remotes: Record<RemoteName, string>): string[] {
  const origins = Object.values(remotes)
    .filter((entry) => /^https?:\/\//.test(entry))
    .map((entry) => new URL(entry).origin);
  return [...new Set(origins)];
}

/**
 * Exactly what the shell and the remotes load: own origin, the remotes' origins, inline styles,
 * and the one inline script of the first paint (by its hash).
 * The room's background effects compile WebAssembly ('wasm-unsafe-eval', which allows no JS eval)
 * and the Twilio engine talks to Twilio's endpoints.
 */
export function contentSecurityPolicy(origins: string[]): string {
  const extra = origins.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self' ${CONSENT_SCRIPT_SOURCE} 'wasm-unsafe-eval'${extra}`,
    `style-src 'self' 'unsafe-inline'${extra}`,
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src 'self' ws: wss: https://*.twilio.com${extra}`,
    "worker-src 'self' blob:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export function installSecurityHeaders(app: FastifyInstance, remotes: Record<RemoteName, string>): void {
  const headers = {
    'content-security-policy': contentSecurityPolicy(remoteOrigins(remotes)),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(self), microphone=(self), display-capture=(self)',
  };
  // A callback hook, not an async one: it runs on every answer, the hot path included.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(headers);
    // Answers are personal or tenant-specific: never stored by a cache unless their route says so
    // (the builds and the shell page do). Decided by the route, never by how the raw URL is spelt.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
