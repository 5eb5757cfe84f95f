// Records in package-lock.json the other platforms' optional binaries (e.g. @swc/core-darwin-arm64)
// that the registry reachable from these machines does not serve. npm install leaves them out of
// the lock when it cannot fetch them, and `npm ci` then refuses the lock as out of sync. Each
// entry carries the os/cpu/libc that its name states, so no machine ever tries to fetch one that
// is not for it. Run after every `npm install`: `npm run lock:complete`.
import { readFileSync, writeFileSync } from 'node:fs';
const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(readFileSync(file, 'utf8'));
const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 'riscv64', 's390x', 'loong64', 'wasm32', 'mips64el', 'ppc'];
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const parentDir = path ? `${path}/node_modules/` : 'node_modules/';
    const candidates = [`${parentDir}${name}`, `node_modules/${name}`];
    if (candidates.some((p) => lock.packages[p])) continue;
    const parts = name.split('/').pop().split('-');
    const os = OS.filter((o) => parts.includes(o));
    const cpu = CPU.filter((c) => parts.includes(c));
    const record = { version: spec.replace(/^[\^~=]/, ''), optional: true };
    if (os.length) record.os = os;
    if (cpu.length) record.cpu = cpu;
    if (parts.includes('musl')) record.libc = ['musl'];
    else if (parts.includes('gnu') || parts.includes('gnueabihf')) record.libc = ['glibc'];
    lock.packages[`node_modules/${name}`] = record;
    added += 1;
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform entries recorded`);
