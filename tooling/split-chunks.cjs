/**
 * How webpack cuts an app's lazily loaded code, beyond its defaults.
 *
 * Every `@incontra/contracts/<subpath>` is a shared module of its own, and contract modules import
 * each other by relative path (http → messages/it, constants; company → theme; ...). webpack's
 * default split leaves modules under 20 KB where they are, so each shared contract's chunk carried
 * its own copy of what it imports: the welcome page downloaded the Italian catalogue three times
 * and the theme helpers four times. Contract modules are therefore split regardless of size.
 *
 * - The shell loads every contract it provides while it boots, so they all go into one chunk:
 *   one request instead of about fifteen, each module once.
 * - A remote normally runs the shell's contracts and loads a fallback of its own only for a
 *   contract the shell does not provide (billing's subscription rules, say), or when it runs
 *   standalone. Its modules shared by several fallbacks get chunks of their own, so such a page
 *   fetches only what it needs, once.
 */
const path = require('node:path');
const { CONTRACTS_SRC } = require('./load-contract.cjs');

const isContractModule = (module) => typeof module.resource === 'string' && module.resource.startsWith(`${CONTRACTS_SRC}${path.sep}`);

/** @param {{ host: boolean }} app */
function splitChunks({ host }) {
  return {
    cacheGroups: {
      contracts: host
        ? { test: isContractModule, chunks: 'async', name: 'contracts', minSize: 0, enforce: true }
        : { test: isContractModule, chunks: 'async', minChunks: 2, minSize: 0, enforce: true },
    },
  };
}

module.exports = { splitChunks };
