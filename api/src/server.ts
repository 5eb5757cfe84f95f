import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config/config';
import { trackConnections } from './http/open-connections';
import { DEMO_PASSWORD } from './seed/demo-data';
import { ShellTemplate } from './shell/shell-template';

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

async function banner(config: AppConfig): Promise<string> {
  const base = (host: string) => `http://${host}:${config.port}`;
  const lines = config.seed
    ? [
        `Incontra is running: ${base('demo.localhost')}/  (back office: ${base('demo.localhost')}/admin — admin / ${DEMO_PASSWORD}, operatore / ${DEMO_PASSWORD})`,
        `Second demo company: ${base('acme.localhost')}/  (admin / ${DEMO_PASSWORD})`,
      ]
    : [`Incontra is running on port ${config.port}`];
  if ((await new ShellTemplate(config.staticRoot).load()) === null) lines.push('Shell not built: run npm run build');
  return `${lines.join('\n')}\n`;
}

/** How long a stopping server lets requests under way finish before cutting its connections. */
const SHUTDOWN_GRACE_MS = 5000;

async function main(): Promise<void> {
  const started = performance.now();
  const config = readConfig();
  const app = await buildApp(config);
  const connections = trackConnections(app.server);
  await app.listen({ port: config.port, host: config.host });
  app.log.debug({ startupMs: Math.round(performance.now() - started) }, 'listening');
  process.stdout.write(await banner(config));
  const stop = (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    // Requests under way get the grace to finish; then whatever connection is still open (one a
    // browser keeps alive for its next request held the process 30 s; an upgraded one http no
    // longer counts) is cut: a deploy waits no longer.
    setTimeout(() => connections.destroyAll(), SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`Incontra could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
