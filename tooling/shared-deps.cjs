/**
 * The module federation `shared` map every app uses. Only what must be one instance on the page
 * is shared: React and its renderer, Mantine (its context and styles), TanStack Query (the shell's
 * QueryClient crosses app boundaries), the router, and the contracts. Nothing else.
 */
const fs = require('node:fs');
const path = require('node:path');
const { FACADES, facadeFor, packageDirOf, versionOf } = require('./shared-facades.cjs');

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
 * @param {{ development: boolean, host?: boolean }} options
 */
function sharedDependencies(appDir, { development, host = false }) {
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
    // The later part of a split package must come from the build whose first part the page runs
    // (the two hold the same modules, hence the same React contexts). A production remote always
    // runs under the shell, which provides both: it provides no later part of its own, so a
    // remote built with another version cannot pair its later part with the shell's first part.
    // A development build may run standalone, without a shell, and provides both.
    if (facade?.later) {
      shared[facade.later.key] = {
        singleton: true,
        requiredVersion,
        packageName,
        version: versionOf(request),
        import: host || development ? facade.later.file : false,
      };
    }
  }
  return shared;
}

/** The loader rules that send imports of a split package's later exports to its later share key. */
function laterImportRules() {
  const rules = [];
  for (const pkg of Object.keys(FACADES)) {
    const facade = facadeFor(pkg);
    if (!facade?.later) continue;
    // App sources, and the shared packages whose own code imports the split one (the toasts).
    const importerDirs = FACADES[pkg].map((importer) => `${packageDirOf(importer)}${path.sep}`);
    const inNodeModules = (file) => file.includes(`${path.sep}node_modules${path.sep}`);
    rules.push({
      test: /\.[cm]?[jt]sx?$/,
      enforce: 'post',
      exclude: (file) => inNodeModules(file) && !importerDirs.some((dir) => file.startsWith(dir)),
      loader: require.resolve('./later-imports-loader.cjs'),
      options: { pkg, key: facade.later.key, names: facade.later.names },
    });
  }
  return rules;
}

module.exports = { sharedDependencies, laterImportRules, SINGLETONS, CONTRACTS_PREFIX };
