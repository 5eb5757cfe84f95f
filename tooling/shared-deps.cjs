/**
 * The module federation `shared` map every app uses. Only what must be one instance on the page
 * is shared: React and its renderer, Mantine (its context and styles), TanStack Query (the shell's
 * QueryClient crosses app boundaries), the router, and the contracts. Nothing else.
 *
 * Each is shared whole, so a remote built against the agreed versions runs under any deployed
 * shell, whatever it imports from them. The agreement is a caret range on the version the app pins
 * in its package.json: a remote pinned to Mantine 9.7.3 accepts a shell providing any 9.x from
 * 9.7.3 on, and one that moved to 9.9 (for an export 9.7 lacks) refuses a shell still on 9.7.
 * A refusal is strict: the remote does not load (the shell shows its error view and the federation
 * runtime's reason goes to the console) rather than run against a library it was not built for.
 */
const fs = require('node:fs');
const path = require('node:path');

const SINGLETONS = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  '@mantine/core',
  '@mantine/hooks',
  '@tanstack/react-query',
  'react-router-dom',
];
const DEV_ONLY_SINGLETONS = ['react/jsx-dev-runtime'];
/** A trailing slash makes a prefix share: every `@incontra/contracts/<subpath>` an app imports. */
const CONTRACTS_PREFIX = '@incontra/contracts/';

function packageNameOf(request) {
  const parts = request.split('/');
  return request.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** `9.7.3` → `^9.7.3`; a range the app declares already (`^9.7.0`, `>=9 <11`) stays as it is. */
function compatibleRange(declared) {
  return /^\d+\.\d+\.\d+$/.test(declared) ? `^${declared}` : declared;
}

/**
 * @param {string} appDir the app's folder (its package.json gives each required version)
 * @param {{ development: boolean }} options
 */
function sharedDependencies(appDir, { development }) {
  const pkg = JSON.parse(fs.readFileSync(path.join(appDir, 'package.json'), 'utf8'));
  const dependencies = { ...pkg.dependencies };
  const requests = development ? [...SINGLETONS, ...DEV_ONLY_SINGLETONS] : SINGLETONS;
  const shared = {};
  for (const request of [...requests, CONTRACTS_PREFIX]) {
    const packageName = packageNameOf(request);
    const declared = dependencies[packageName];
    // An app that does not depend on a package neither provides nor consumes it.
    if (!declared) continue;
    shared[request] = { singleton: true, strictVersion: true, requiredVersion: compatibleRange(declared), packageName };
  }
  return shared;
}

module.exports = { sharedDependencies, compatibleRange, SINGLETONS, CONTRACTS_PREFIX };
