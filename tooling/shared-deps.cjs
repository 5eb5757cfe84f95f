/**
 * The module federation `shared` map every app uses. Only what must be one instance on the page
 * is shared: React and its renderer, Mantine (its context and styles), TanStack Query (the shell's
 * QueryClient crosses app boundaries), the router, and the contracts. Nothing else.
 */
const fs = require('node:fs');
const path = require('node:path');
const { FACADES, facadeFor, versionOf } = require('./shared-facades.cjs');

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
    const requiredVersion = dependencies[packageName];
    // An app that does not depend on a package neither provides nor consumes it.
    if (!requiredVersion) continue;
    shared[request] = { singleton: true, requiredVersion, packageName };
    const facade = request in FACADES ? facadeFor(request) : null;
    // The facade file has no package.json of its own: the version is the package's.
    if (facade) Object.assign(shared[request], { import: facade.file, version: versionOf(request) });
  }
  return shared;
}

module.exports = { sharedDependencies, SINGLETONS, CONTRACTS_PREFIX };
