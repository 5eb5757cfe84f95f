// sanitize-html (CommonJS) requires htmlparser2 12 and its DOM packages, all ESM-only: Node
// requires them natively, Jest on Node 20 cannot. For the tests that sanitise, `jest.mock`
// replaces sanitize-html with this: the same code, the ESM files compiled to CommonJS by swc.
const { readFileSync, existsSync } = require('node:fs');
const { createRequire } = require('node:module');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const cache = new Map();

function isEsm(file) {
  if (file.endsWith('.mjs')) return true;
  if (file.endsWith('.cjs')) return false;
  for (let dir = path.dirname(file); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, 'utf8')).type === 'module';
  }
  return false;
}

function load(file, nativeRequire) {
  if (cache.has(file)) return cache.get(file).exports;
  const module = { exports: {} };
  cache.set(file, module);
  let code = readFileSync(file, 'utf8');
  if (isEsm(file)) {
    code = transformSync(code, { filename: file, module: { type: 'commonjs' }, jsc: { target: 'es2022', parser: { syntax: 'ecmascript' } } }).code;
  }
  const resolve = createRequire(file);
  const localRequire = (name) => {
    if (name.startsWith('node:')) return nativeRequire(name);
    const resolved = resolve.resolve(name);
    return path.isAbsolute(resolved) ? load(resolved, nativeRequire) : nativeRequire(name);
  };
  new Function('module', 'exports', 'require', '__filename', '__dirname', code)(module, module.exports, localRequire, file, path.dirname(file));
  return module.exports;
}

const sanitizeHtmlFile = () => require.resolve('sanitize-html');

module.exports = {
  loadSanitizeHtml: () => load(sanitizeHtmlFile(), require),
  /** The parser sanitize-html uses, for tests that read what was stored. */
  loadHtmlparser2: () => load(createRequire(sanitizeHtmlFile()).resolve('htmlparser2'), require),
};
