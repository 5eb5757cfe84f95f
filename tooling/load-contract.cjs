/**
 * Loads a shared-contracts module from its TypeScript source inside a webpack config.
 * Why not `require('@incontra/contracts/x')`: that resolves to dist/, which exists only after the
 * contracts build, and a stale dist would hand the build old federation names. swc compiles the
 * source on the fly, so `npm run build -w <one app>` works on a fresh checkout.
 */
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const { transformSync } = require('@swc/core');

const CONTRACTS_SRC = path.resolve(__dirname, '../shared-contracts/src');
const cache = new Map();

function compile(filename) {
  const source = fs.readFileSync(filename, 'utf8');
  const { code } = transformSync(source, {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  return code;
}

function resolveSource(request, fromDir) {
  const base = path.resolve(fromDir, request);
  const candidate = base.endsWith('.ts') ? base : `${base}.ts`;
  return fs.existsSync(candidate) ? candidate : null;
}

function loadFile(filename) {
  const cached = cache.get(filename);
  if (cached) return cached.exports;
  const mod = new Module(filename, module);
  mod.filename = filename;
  mod.paths = Module._nodeModulePaths(path.dirname(filename));
  cache.set(filename, mod);
  const parentRequire = Module.createRequire(filename);
  // Relative imports stay inside the contracts source; packages (zod) load normally.
  mod.require = (request) => {
    const local = request.startsWith('.') ? resolveSource(request, path.dirname(filename)) : null;
    return local ? loadFile(local) : parentRequire(request);
  };
  mod._compile(compile(filename), filename);
  return mod.exports;
}

/** `loadContract('mfe')` answers the exports of shared-contracts/src/mfe.ts. */
function loadContract(subpath) {
  const filename = resolveSource(`./${subpath}`, CONTRACTS_SRC);
  if (!filename) throw new Error(`No contract module ${subpath} in ${CONTRACTS_SRC}`);
  return loadFile(filename);
}

module.exports = { loadContract, CONTRACTS_SRC };
