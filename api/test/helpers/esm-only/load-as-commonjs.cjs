// Jest on Node 20 refuses to require ESM-only packages ("Must use import to load ES Module"),
// which Node itself requires natively. @fastify/cookie, light-my-request (cookie 2) and
// @fastify/static (content-disposition 3) depend on such packages, so for Jest only the API
// project maps them to these loaders: the package's real code, compiled to CommonJS by swc.
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');
const { transformSync } = require('@swc/core');

/** Node's lookup of a bare package name from a directory: node_modules/<name>, walking up. */
function packageDirectory(name, fromDirectory) {
  for (let dir = fromDirectory; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`Cannot find ${name} from ${fromDirectory}`);
  }
}

function entryFile(directory) {
  const manifest = JSON.parse(readFileSync(path.join(directory, 'package.json'), 'utf8'));
  const entry = typeof manifest.exports === 'string' ? manifest.exports : manifest.main;
  return path.join(directory, entry);
}

/** Loads the ESM-only package `name` as resolved by the package `dependent` (a dependency of ours). */
function loadAsCommonJs(name, dependent) {
  const file = entryFile(packageDirectory(name, path.dirname(require.resolve(dependent))));
  const { code } = transformSync(readFileSync(file, 'utf8'), {
    filename: file,
    module: { type: 'commonjs' },
    jsc: { target: 'es2022', parser: { syntax: 'ecmascript' } },
  });
  const module = { exports: {} };
  new Function('module', 'exports', 'require', code)(module, module.exports, require);
  return module.exports;
}

module.exports = { loadAsCommonJs };
