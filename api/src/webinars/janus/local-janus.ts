import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { coreConfig, videoRoomConfig, webSocketsConfig, type JanusSettings } from './janus-config';

/** Where Debian's `janus` package puts its modules. */
export const JANUS_MODULES = '/usr/lib/x86_64-linux-gnu/janus';
export const JANUS_BINARY = '/usr/bin/janus';
/** How long Janus may take to listen (about 1 s here). */
const START_TIMEOUT_MS = 20_000;
/** How long a stop waits for SIGTERM before SIGKILL (Janus stops in at most 3 s). */
const STOP_TIMEOUT_MS = 10_000;

export interface LocalJanus {
  /** The Janus API's WebSocket URL (subprotocol `janus-protocol`). */
  url: string;
  /** The Admin API's WebSocket URL (subprotocol `janus-admin-protocol`). */
  adminUrl: string;
  settings: JanusSettings;
  folder: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Whether Debian's janus is installed (`apt-get install janus`; `.ci/run` does it). */
export function janusInstalled(): boolean {
  return existsSync(JANUS_BINARY) && existsSync(join(JANUS_MODULES, 'plugins/libjanus_videoroom.so'));
}

function portOpen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts Janus with the project's configuration (janus-config.ts) in a folder of its own: the
 * plugin and transport folders hold only the VideoRoom plugin and the WebSocket transport (links
 * to Debian's modules), both WebSocket servers listen on `settings.bindAddress`. Resolves once
 * both ports accept connections; `stop()` sends SIGTERM (SIGKILL after 10 s) and removes the folder.
 */
export async function startLocalJanus(settings: JanusSettings, folder?: string): Promise<LocalJanus> {
  if (!janusInstalled()) throw new Error(`Janus is not installed (${JANUS_BINARY}): apt-get install -y janus`);
  const home = folder ?? (await mkdtemp(join(tmpdir(), 'incontra-janus-')));
  for (const sub of ['plugins', 'transports', 'events', 'loggers', 'recordings']) await mkdir(join(home, sub), { recursive: true });
  await symlink(join(JANUS_MODULES, 'plugins/libjanus_videoroom.so'), join(home, 'plugins/libjanus_videoroom.so')).catch(ignoreExisting);
  await symlink(join(JANUS_MODULES, 'transports/libjanus_websockets.so'), join(home, 'transports/libjanus_websockets.so')).catch(ignoreExisting);
  await writeFile(join(home, 'janus.jcfg'), coreConfig(settings, home));
  await writeFile(join(home, 'janus.plugin.videoroom.jcfg'), videoRoomConfig(settings));
  await writeFile(join(home, 'janus.transport.websockets.jcfg'), webSocketsConfig(settings));
  const child = spawn(JANUS_BINARY, ['-C', join(home, 'janus.jcfg'), '-F', home, '-L', join(home, 'janus.log'), '-N', '-o'], {
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    if (!folder) await rm(home, { recursive: true, force: true });
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Janus exited with ${child.exitCode} at start: see ${join(home, 'janus.log')}`);
    const up = (await portOpen(settings.bindAddress, settings.wsPort)) && (await portOpen(settings.bindAddress, settings.adminWsPort));
    if (up) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Janus did not listen within ${START_TIMEOUT_MS} ms`);
    }
    await new Promise<void>((resolve) => {
      const onExit = () => resolve();
      child.once('exit', onExit);
      setTimeout(() => {
        child.off('exit', onExit);
        resolve();
      }, 50);
    });
  }
  const host = settings.bindAddress;
  return { url: `ws://${host}:${settings.wsPort}`, adminUrl: `ws://${host}:${settings.adminWsPort}`, settings, folder: home, process: child, stop };
}

function ignoreExisting(error: NodeJS.ErrnoException): void {
  if (error.code !== 'EEXIST') throw error;
}
