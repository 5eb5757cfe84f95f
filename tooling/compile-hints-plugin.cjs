/**
 * Puts V8's explicit compile hint, the `//# allFunctionsCalledOnLoad` magic comment, on the first
 * line of every script a production build emits. Chrome (136 and later) then compiles the whole
 * file while it streams in, on a background thread, instead of compiling each module's function
 * on the main thread the first time it is called. Nearly every function of these files runs as the
 * page starts (a chunk is fetched only when its modules are about to be evaluated), and measured
 * on the welcome page this took about 40% of the main thread's script time away, all of it in
 * the long tasks a phone feels. Other engines read an ordinary comment.
 *
 * It runs after minification (which drops comments) and before the source maps are made (so the
 * maps account for the added line); the content hashes are computed later, on the final text.
 */
const { Compilation, sources } = require('webpack');

const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

class CompileHintsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 }, (assets) => {
        for (const name of Object.keys(assets)) {
          if (!name.endsWith('.js')) continue;
          compilation.updateAsset(name, (source) => new sources.ConcatSource(COMPILE_HINT, source));
        }
      });
    });
  }
}

module.exports = { CompileHintsPlugin, COMPILE_HINT };
