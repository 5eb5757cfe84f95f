// Janus for the webinar suite that carries media through it (e2e/media/webinar-janus.spec.ts), with
// the project's own configuration (api/src/webinars/janus/janus-config.ts, built into api/dist). It
// must run inside the network namespace e2e/scripts/media-namespace.sh makes: Janus offers every non-loopback
// address as an ICE candidate, so it refuses to start where any address outside 10.99.0.0/24
// exists (the machine's own network must never carry test media).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { addressesOutsideTestNamespace } from './test-namespace.mjs';

const outside = addressesOutsideTestNamespace();
if (outside.length > 0) {
  console.error(`start-janus: refusing to start outside the test namespace (addresses ${outside.join(', ')})`);
  process.exit(1);
}

const dist = resolve(import.meta.dirname, '../../api/dist/webinars/janus/local-janus.js');
const { startLocalJanus } = await import(pathToFileURL(dist).href);
const janus = await startLocalJanus({
  bindAddress: '127.0.0.1',
  wsPort: Number(process.env.E2E_JANUS_PORT ?? 8188),
  adminWsPort: Number(process.env.E2E_JANUS_ADMIN_PORT ?? 7188),
  adminKey: process.env.E2E_JANUS_ADMIN_KEY ?? 'e2e-janus-admin-key',
  adminSecret: process.env.E2E_JANUS_ADMIN_SECRET ?? 'e2e-janus-admin-secret',
  rtpPortRange: '20000-20200',
  // The API reads the recordings from the same folder (JANUS_RECORDINGS_DIR) to make the replays.
  recordingsFolder: process.env.E2E_JANUS_RECORDINGS ?? mkdtempSync(join(tmpdir(), 'incontra-janus-recordings-')),
  debugLevel: 3,
});
console.log(`Janus on ${janus.url} (admin ${janus.adminUrl}), folder ${janus.folder}`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await janus.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
janus.process.once('exit', (code) => {
  if (!stopping) {
    console.error(`start-janus: Janus exited with ${code}`);
    process.exit(1);
  }
});
