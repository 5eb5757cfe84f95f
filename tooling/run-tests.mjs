#!/usr/bin/env node
// `npm test`: every suite in order, a summary, and one closing line "tests: N passed, N failed".
// Steps: typecheck, lint (ESLint with the import boundaries), the Prettier check of every TypeScript file, Jest (all packages, API on PGlite),
// the server-side suites (API, contracts, kit) again on PostgreSQL and Node 22 LTS,
// the production build, and the Playwright suites against the started system.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const databaseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const reports = mkdtempSync(join(tmpdir(), 'incontra-tests-'));
const results = [];

function run(title, command, args, { env = {}, report } = {}) {
  console.log(`\n=== ${title} ===\n$ ${command} ${args.join(' ')}`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const counts = report ? readCounts(report) : null;
  results.push({ title, ok: status === 0, seconds: (Date.now() - started) / 1000, counts, failures: report ? readFailures(report) : [] });
  return status === 0;
}

/** The failed tests of a report, each its title and the first lines of its error, for the summary. */
function readFailures({ file, kind }) {
  if (!existsSync(file)) return [];
  const json = JSON.parse(readFileSync(file, 'utf8'));
  if (kind === 'jest') {
    return (json.testResults ?? []).flatMap((suite) => [
      ...(suite.assertionResults ?? [])
        .filter((test) => test.status === 'failed')
        .map((test) => ({ title: test.fullName, message: test.failureMessages?.[0] ?? '' })),
      ...(suite.testExecError || (suite.status === 'failed' && !(suite.assertionResults ?? []).some((test) => test.status === 'failed'))
        ? [{ title: suite.name, message: suite.message ?? suite.testExecError?.message ?? '' }]
        : []),
    ]);
  }
  const failures = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const bad = (test.results ?? []).find((result) => result.status !== 'passed' && result.status !== 'skipped');
        if (bad && test.status !== 'expected' && test.status !== 'skipped') {
          failures.push({ title: `${spec.file}:${spec.line} › ${spec.title}`, message: bad.error?.message ?? bad.status });
        }
      }
    }
    (suite.suites ?? []).forEach(walk);
  };
  (json.suites ?? []).forEach(walk);
  return failures;
}

/** A failure in three lines at most, colours stripped, so that a short tail of the output says why. */
function shortFailure({ title, message }) {
  const lines = String(message)
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 2)
    .map((line) => `    ${line.slice(0, 220)}`);
  return [`  ✘ ${title}`, ...lines].join('\n');
}

function readCounts({ file, kind }) {
  if (!existsSync(file)) return null;
  const json = JSON.parse(readFileSync(file, 'utf8'));
  if (kind === 'jest') return { passed: json.numPassedTests, failed: json.numFailedTests + json.numRuntimeErrorTestSuites };
  const stats = json.stats ?? {};
  return { passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0) };
}

const jestReport = (name) => ({ file: join(reports, `${name}.json`), kind: 'jest' });
// Two workers: Jest's default on a 2-core machine is one (cores minus one), which leaves a core idle
// while PGlite suites wait on their own event loop; measured green both ways, 553 s instead of 908 s.
const jestArgs = (name, extra = []) => ['jest', '--ci', '--maxWorkers=2', ...extra, '--json', `--outputFile=${join(reports, `${name}.json`)}`];

run('typecheck', 'npx', ['tsc', '-b']);
run('lint', 'npx', ['eslint', '.']);
run('format (Prettier)', 'npx', ['prettier', '--check', '--log-level', 'warn', '**/*.{ts,tsx}']);
// Jest's own runner with the API on PGlite (DATABASE_URL unset on purpose).
const { DATABASE_URL: _unused, ...envWithoutDatabase } = process.env;
console.log('\n=== jest (all packages; API on embedded PGlite) ===');
{
  const started = Date.now();
  const { status } = spawnSync('npx', jestArgs('jest-pglite'), { stdio: 'inherit', env: envWithoutDatabase });
  results.push({
    title: 'jest (PGlite)',
    ok: status === 0,
    seconds: (Date.now() - started) / 1000,
    counts: readCounts(jestReport('jest-pglite')),
    failures: readFailures(jestReport('jest-pglite')),
  });
}
// The second database and the second Node major in one step: the API, the contracts and the kit
// again, on PostgreSQL and on Node 22 LTS (the first step ran them on PGlite and the machine's
// Node 20). Every suite meets both databases and both majors, once each, instead of in two more
// full passes: under load a pass of the API suite costs about seven minutes.
{
  const lts = spawnSync('node', ['tooling/node-lts.mjs'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const nodeBinary = lts.stdout.trim();
  if (lts.status === 0) {
    const title = nodeBinary === process.execPath ? 'API, contracts, kit on PostgreSQL' : 'API, contracts, kit on PostgreSQL and Node 22 LTS';
    run(title, nodeBinary, ['node_modules/jest/bin/jest.js', ...jestArgs('jest-postgres', ['--selectProjects', 'api', 'contracts', 'mfe-kit']).slice(1)], {
      env: { DATABASE_URL: databaseUrl },
      report: jestReport('jest-postgres'),
    });
  } else {
    // No Node 22 here: PostgreSQL is still covered, and the missing major fails the run.
    run('API suite on PostgreSQL', 'npx', jestArgs('jest-postgres', ['--selectProjects', 'api']), {
      env: { DATABASE_URL: databaseUrl },
      report: jestReport('jest-postgres'),
    });
    results.push({ title: 'jest on Node 22 LTS', ok: false, seconds: 0, counts: null });
  }
}
const built = run('build', 'npm', ['run', 'build']);
if (built) {
  run('Playwright (real Chromium)', 'npm', ['run', 'test:e2e'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json') },
    report: { file: join(reports, 'e2e.json'), kind: 'playwright' },
  });
  // Webinar media, on the mesh and through a real Janus: the API, Chromium (and Janus) inside a
  // network namespace of their own, so no media reaches the machine's own address.
  for (const [engine, title] of [
    ['mesh', 'Playwright, webinar media on the mesh (network namespace)'],
    ['janus', 'Playwright, webinar media through Janus (network namespace)'],
  ]) {
    run(title, 'npm', ['run', `test:${engine}`, '--workspace', '@incontra/e2e'], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, `e2e-${engine}.json`) },
      report: { file: join(reports, `e2e-${engine}.json`), kind: 'playwright' },
    });
  }
} else {
  results.push({ title: 'Playwright (real Chromium)', ok: false, seconds: 0, counts: null });
}

console.log('\n=== summary ===');
let passed = 0;
let failed = 0;
for (const r of results) {
  const counts = r.counts ? ` (${r.counts.passed} passed, ${r.counts.failed} failed)` : '';
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.title}${counts} ${r.seconds.toFixed(1)} s`);
  passed += r.counts?.passed ?? 0;
  failed += r.counts?.failed ?? 0;
  if (!r.ok && !(r.counts?.failed > 0)) failed += 1;
}
// What failed, last, where a short tail of the output (a CI page) still shows it: at most five.
const failures = results.flatMap((r) => r.failures ?? []);
if (failures.length > 0) {
  console.log(`failed (${failures.length}${failures.length > 5 ? ', the first 5' : ''}):`);
  for (const failure of failures.slice(0, 5)) console.log(shortFailure(failure));
}
rmSync(reports, { recursive: true, force: true });
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
