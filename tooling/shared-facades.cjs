/**
 * Tree-shaken shared singletons.
 *
 * A shared module is provided whole: webpack cannot know what another build will use from it, so
 * sharing `@mantine/core` ships all of Mantine (about 175 KB gzip) to every page. Here each such
 * package is provided through a facade that re-exports only what the platform's apps use: the
 * union of the named imports found in the shell's and every remote's sources, mfe-kit's included
 * (every remote bundles it), and, for packages imported by other shared packages, in those
 * packages' own code. The share key, the version and the singleton rule stay the package's: one
 * instance on the page, just a smaller one.
 *
 * The contract that follows: the page's provider (the shell, loaded first) must include every
 * export a remote uses. When a remote starts using an export no app used before, rebuild and
 * redeploy the shell with it (`node tooling/shared-facades.cjs` lists what is provided).
 *
 * A package in SPLIT is provided in two parts, both singletons and both from the same build: under
 * its own share key what the first page needs (the shell, the kit, the contracts and the remote
 * that owns `/` import it, or the first part of another split package does), and under
 * `<package>/later` the rest, which only the back office, billing, room and the toasts use. The
 * welcome page then never downloads Mantine's app shell, table, scroll area or the hooks only
 * they need (about 20 KB gzip). Apps and packages keep importing from the package: at build time
 * tooling/later-imports-loader.cjs sends each import of a later export to the later key. Both
 * parts are the same Mantine modules of one build, so they share its contexts; for that reason a
 * remote never provides the later part in production (see shared-deps.cjs).
 */
const fs = require('node:fs');
const path = require('node:path');
const enhancedResolve = require('enhanced-resolve');
const { loadContract } = require('./load-contract.cjs');

const ROOT = path.resolve(__dirname, '..');
const APP_SOURCES = ['host/src', 'mfe-kit/src', 'mfe-visitor/src', 'mfe-room/src', 'mfe-backoffice/src', 'mfe-billing/src', 'shared-contracts/src'];
const FACADE_DIR = path.join(ROOT, 'node_modules/.cache/incontra-shared-facades');
const SPLIT = ['@mantine/core', '@mantine/hooks'];

/** Package → other shared packages whose own code imports it (and so needs its exports). */
const FACADES = {
  '@mantine/core': ['@mantine/notifications'],
  '@mantine/hooks': ['@mantine/core', '@mantine/notifications'],
  'react-router-dom': [],
  '@tanstack/react-query': [],
};

const resolveEsm = enhancedResolve.create.sync({
  conditionNames: ['webpack', 'production', 'browser', 'import', 'module', 'default'],
  mainFields: ['browser', 'module', 'main'],
  extensions: ['.mjs', '.js'],
});

const STATEMENT = /\b(?:import|export)\s+(type\s+)?([\w$\s{},*]*?)\s*from\s*['"]([^'"]+)['"]/g;
/** `import('pkg')` at run time: the caller may touch any export. `typeof import('pkg')` is a type. */
const DYNAMIC_IMPORT = /(?<!typeof\s)\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The names a statement's clause takes; null means "all of it" (namespace or star re-export). */
function namesOf(clause) {
  if (clause.includes('*')) return null;
  const names = [];
  const braces = clause.match(/\{([^}]*)\}/);
  const beforeBraces = clause.replace(/\{[^}]*\}/, '').replace(/,/g, ' ').trim();
  if (beforeBraces) names.push('default');
  for (const part of braces ? braces[1].split(',') : []) {
    const spec = part.trim();
    if (!spec || spec.startsWith('type ')) continue;
    names.push(spec.split(/\s+as\s+/)[0].trim());
  }
  return names;
}

function* filesUnder(dir, pattern) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full, pattern);
    else if (pattern.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

/** Every name imported from `pkg` in the given files; null when some file takes all of it. */
function importedNames(pkg, files) {
  const used = new Set();
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    for (const [, from] of source.matchAll(DYNAMIC_IMPORT)) {
      if (from === pkg) return null;
    }
    for (const [, typeOnly, clause, from] of source.matchAll(STATEMENT)) {
      if (from !== pkg || typeOnly) continue;
      const names = namesOf(clause);
      if (!names) return null;
      for (const name of names) used.add(name);
    }
  }
  return used;
}

const appFiles = () => APP_SOURCES.flatMap((dir) => [...filesUnder(path.join(ROOT, dir), /\.tsx?$/)]);

/** The sources that run on the welcome page: the shell, the kit, the contracts and the remote that owns `/`. */
function firstPageFiles() {
  const { remoteForPath } = loadContract('routes');
  const dirs = ['host/src', 'mfe-kit/src', 'shared-contracts/src', `mfe-${remoteForPath('/')}/src`];
  return dirs.flatMap((dir) => [...filesUnder(path.join(ROOT, dir), /\.tsx?$/)]);
}

/**
 * The files of `pkg` that the given exports reach: from the package entry, the modules that
 * define those exports, then everything they import, transitively.
 */
function reachableFiles(pkg, exportNames) {
  const entry = resolveEsm(ROOT, pkg);
  const fileOf = new Map();
  for (const [, , clause, from] of fs.readFileSync(entry, 'utf8').matchAll(STATEMENT)) {
    // A name the package re-exports from another package has no file of its own here.
    const file = from.startsWith('.') ? path.resolve(path.dirname(entry), from) : null;
    for (const part of (clause.match(/\{([^}]*)\}/)?.[1] ?? '').split(',')) {
      const local = part.trim().split(/\s+as\s+/).pop();
      if (local) fileOf.set(local, file);
    }
  }
  const starts = exportNames ? [...exportNames].map((name) => (fileOf.has(name) ? fileOf.get(name) : entry)) : [entry];
  const pending = starts.filter(Boolean);
  const seen = new Set();
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file) || !fs.existsSync(file)) continue;
    seen.add(file);
    for (const [, , , from] of fs.readFileSync(file, 'utf8').matchAll(STATEMENT)) {
      if (from.startsWith('.')) pending.push(path.resolve(path.dirname(file), from));
    }
  }
  return [...seen];
}

const namesCache = new Map();

/** What the platform uses from `pkg`: its apps' imports plus what the used parts of other shared packages import. */
function usedNames(pkg) {
  if (namesCache.has(pkg)) return namesCache.get(pkg);
  const names = importedNames(pkg, appFiles());
  for (const importer of FACADES[pkg] ?? []) {
    if (!names) break;
    const importerNames = FACADES[importer] ? usedNames(importer) : importedNames(importer, appFiles());
    const fromImporter = importedNames(pkg, reachableFiles(importer, importerNames));
    if (!fromImporter) {
      namesCache.set(pkg, null);
      return null;
    }
    for (const name of fromImporter) names.add(name);
  }
  namesCache.set(pkg, names);
  return names;
}

function writeFacade(pkg, names, suffix, what) {
  const entry = resolveEsm(ROOT, pkg);
  const file = path.join(FACADE_DIR, `${pkg.replace(/[@/]/g, '_')}${suffix}.mjs`);
  const body = `// Generated by tooling/shared-facades.cjs: ${what} from ${pkg}.\nexport { ${names.join(', ')} } from ${JSON.stringify(entry)};\n`;
  fs.mkdirSync(FACADE_DIR, { recursive: true });
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== body) fs.writeFileSync(file, body);
  return file;
}

/**
 * What the first page takes from `pkg`: its apps' imports, and those of the first part of every
 * split package whose own code imports `pkg` (Mantine's first components and their hooks).
 */
function firstPageNames(pkg) {
  const names = importedNames(pkg, firstPageFiles());
  for (const importer of FACADES[pkg] ?? []) {
    if (!SPLIT.includes(importer)) continue;
    const importerFacade = facadeFor(importer);
    for (const name of importedNames(pkg, reachableFiles(importer, new Set(importerFacade.names))) ?? []) names.add(name);
  }
  return names;
}

/**
 * Writes the facade of `pkg` and answers its path with the names it provides, or null when the
 * package must be shared whole (an app imports it as a namespace). For a package in SPLIT the
 * facade holds the first page's part and `later` describes the other one (null when empty).
 */
function facadeFor(pkg) {
  const used = usedNames(pkg);
  if (!used) return null;
  const runtimeExports = new Set(Object.keys(require(require.resolve(pkg, { paths: [ROOT] }))));
  const names = [...used].filter((name) => runtimeExports.has(name)).sort();
  const firstPage = SPLIT.includes(pkg) ? firstPageNames(pkg) : null;
  const laterNames = firstPage ? names.filter((name) => !firstPage.has(name)) : [];
  if (laterNames.length === 0) return { file: writeFacade(pkg, names, '', "what the platform's apps use"), names, later: null };
  const firstNames = names.filter((name) => firstPage.has(name));
  return {
    file: writeFacade(pkg, firstNames, '', 'what the welcome page uses'),
    names: firstNames,
    later: { key: `${pkg}/later`, file: writeFacade(pkg, laterNames, '_later', 'what only later pages use'), names: laterNames },
  };
}

function packageDirOf(pkg) {
  let dir = path.dirname(require.resolve(pkg, { paths: [ROOT] }));
  while (!fs.existsSync(path.join(dir, 'package.json')) || JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).name !== pkg) {
    dir = path.dirname(dir);
  }
  return dir;
}

function versionOf(pkg) {
  return JSON.parse(fs.readFileSync(path.join(packageDirOf(pkg), 'package.json'), 'utf8')).version;
}

module.exports = { facadeFor, versionOf, packageDirOf, FACADES };

if (require.main === module) {
  for (const pkg of Object.keys(FACADES)) {
    const facade = facadeFor(pkg);
    process.stdout.write(`${pkg}: ${facade ? facade.names.join(', ') : 'shared whole'}\n`);
    if (facade?.later) process.stdout.write(`${facade.later.key}: ${facade.later.names.join(', ')}\n`);
  }
}
