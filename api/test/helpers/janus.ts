import { createServer } from 'node:net';
import { startLocalJanus, type LocalJanus } from '../../src/webinars/janus/local-janus';

/** A TCP port free on 127.0.0.1 now (the OS's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Debian's Janus with the project's configuration on 127.0.0.1 (free ports for its API and
 * Admin API), for the control plane only: no media flows in these suites, so nothing leaves
 * loopback. `rtpPortRange` apart per suite (they may run in parallel).
 */
export async function startTestJanus(secrets: { adminKey: string; adminSecret: string }, rtpPortRange: string): Promise<LocalJanus> {
  return startLocalJanus({
    bindAddress: '127.0.0.1',
    wsPort: await freePort(),
    adminWsPort: await freePort(),
    ...secrets,
    rtpPortRange,
    recordingsFolder: '/tmp',
    debugLevel: 2,
  });
}

/** The app's JANUS_* variables pointing at a test Janus. */
export function janusEnv(janus: LocalJanus, secrets: { adminKey: string; adminSecret: string }): Record<string, string> {
  return { JANUS_URL: janus.url, JANUS_ADMIN_URL: janus.adminUrl, JANUS_ADMIN_KEY: secrets.adminKey, JANUS_ADMIN_SECRET: secrets.adminSecret };
}
