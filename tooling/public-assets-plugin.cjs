/**
 * Emits the files of an app's public/ folder under their own names (the shell's default logo is
 * a fixed URL in the contracts, so it must not be hashed).
 */
const fs = require('node:fs');
const path = require('node:path');

class PublicAssetsPlugin {
  constructor(dir, ignore = []) {
    this.dir = dir;
    this.ignore = new Set(ignore);
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PublicAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PublicAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          if (!fs.existsSync(this.dir)) return;
          for (const name of fs.readdirSync(this.dir)) {
            const file = path.join(this.dir, name);
            if (this.ignore.has(name) || !fs.statSync(file).isFile()) continue;
            compilation.fileDependencies.add(file);
            compilation.emitAsset(name, new sources.RawSource(fs.readFileSync(file)));
          }
        },
      );
    });
  }
}

module.exports = { PublicAssetsPlugin };
