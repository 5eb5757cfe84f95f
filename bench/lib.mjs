import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
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

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

export const round = (value, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;

const TICKS_PER_SECOND = 100;

/** The process' name and its CPU seconds so far (user + system), or null once it has ended. */
function processCpu(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { command: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

/** CPU seconds used so far by these processes (those ended count nothing). */
export const cpuSeconds = (...pids) => pids.reduce((sum, pid) => sum + (processCpu(pid)?.seconds ?? 0), 0);

/** CPU seconds used so far by each Chromium process on the machine, by pid (a bench runs one browser at a time). */
export function chromiumCpu() {
  const seconds = new Map();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const cpu = processCpu(pid);
    if (cpu && /chrom/i.test(cpu.command)) seconds.set(pid, cpu.seconds);
  }
  return seconds;
}

/**
 * The CPU seconds Chromium used between two `chromiumCpu()` readings: each process still there
 * counts what it used since (a new one all of it); one that ended meanwhile (a browser closed
 * just before) counts nothing rather than taking its past away from the sum.
 */
export function chromiumCpuBetween(before, after) {
  let seconds = 0;
  for (const [pid, used] of after) seconds += used - (before.get(pid) ?? 0);
  return seconds;
}

/** A product's timings beside a bare baseline's, measured in the same run: medians, runs, their ratio. */
export function besideBaseline(productRuns, baselineRuns) {
  const product = median(productRuns);
  const baseline = median(baselineRuns);
  return {
    iterations: productRuns.length,
    productMedianMs: round(product),
    productRunsMs: productRuns.map((value) => round(value)),
    bareLoopbackMedianMs: round(baseline),
    bareLoopbackRunsMs: baselineRuns.map((value) => round(value)),
    ratio: round(product / baseline, 2),
  };
}
