import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function portOpen(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => socket.end(() => resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** Starts a Node process and answers when its port accepts connections, with the time it took. */
export async function startServer(script, { port, env = {}, cwd } = {}) {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [script], {
    cwd,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (!(await portOpen(port))) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${script} did not listen on ${port} within 60 s`);
    await sleep(5);
  }
  const startupMs = Number(process.hrtime.bigint() - started) / 1e6;
  return { child, startupMs };
}

export function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kib / 1024) * 10) / 10;
}

export async function stop(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

const chromium = JSON.parse(readFileSync(new URL('../tooling/chromium.json', import.meta.url), 'utf8'));

/** How the bench launches Chromium: the same binary and flags as the end-to-end suites. */
export function chromiumLaunchOptions({ fakeMedia = false } = {}) {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? chromium.executablePath,
    args: fakeMedia ? [...chromium.args, ...chromium.fakeMediaArgs] : chromium.args,
  };
}
