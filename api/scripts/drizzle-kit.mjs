// drizzle-kit is hoisted to the root node_modules but npm installed drizzle-orm under
// api/node_modules, where drizzle-kit's own imports cannot see it. This runs drizzle-kit with
// `drizzle-orm` resolved from the api package. Usage: node scripts/drizzle-kit.mjs generate
import Module, { createRequire, register } from 'node:module';
import { fileURLToPath } from 'node:url';

const fromApi = new URL('../package.json', import.meta.url).href;
register(
  `data:text/javascript,${encodeURIComponent(`
    export async function resolve(specifier, context, next) {
      if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
        return next(specifier, { ...context, parentURL: ${JSON.stringify(fromApi)} });
      }
      return next(specifier, context);
    }`)}`,
);
// Its CommonJS requires too: NODE_PATH, re-read by _initPaths.
process.env.NODE_PATH = fileURLToPath(new URL('../node_modules', import.meta.url));
Module._initPaths();
const require = createRequire(fromApi);
// bin.cjs is not in the package's exports map: reach it beside the main entry.
require(require.resolve('drizzle-kit').replace(/index\.js$/, 'bin.cjs'));
