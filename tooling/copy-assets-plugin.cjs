/**
 * Emits the files of a folder (recursively) under a folder of the build output, names unchanged:
 * files that code finds at run time by URL rather than by import (a library's WebAssembly, models
 * and workers, images listed by name). Unlike an app's public/ folder, a source may live in
 * node_modules and keep sub-folders.
 *
 * `new CopyAssetsPlugin([{ from: '/abs/dir', to: 'processors', filter: (name) => true, precompress: /\.wasm$/ }])`
 *
 * `precompress`: production builds also emit brotli and gzip copies of the matching files, served
 * by the API's static handler (`preCompressed`). The shared PrecompressPlugin covers scripts and
 * styles only; WebAssembly shrinks about five times. Brotli quality 9, not 11: on megabytes of
 * WebAssembly 11 costs seconds per build for about 10% less.
 */
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

function compressedCopies(content) {
  return {
    br: zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gz: zlib.gzipSync(content, { level: 9 }),
  };
}

function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(file) : entry.isFile() ? [file] : [];
  });
}

class CopyAssetsPlugin {
  /** @param {Array<{ from: string, to: string, filter?: (relativeName: string) => boolean, precompress?: RegExp }>} patterns */
  constructor(patterns) {
    this.patterns = patterns;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    const production = compiler.options.mode === 'production';
    compiler.hooks.thisCompilation.tap('CopyAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CopyAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const { from, to, filter = () => true, precompress } of this.patterns) {
          if (!fs.existsSync(from)) throw new Error(`CopyAssetsPlugin: ${from} does not exist`);
          compilation.contextDependencies.add(from);
          for (const file of filesUnder(from)) {
            const relative = path.relative(from, file).split(path.sep).join('/');
            if (!filter(relative)) continue;
            compilation.fileDependencies.add(file);
            const name = path.posix.join(to, relative);
            const content = fs.readFileSync(file);
            // Shipped as published: `minimized` keeps the minifier off already-built scripts.
            compilation.emitAsset(name, new sources.RawSource(content), { minimized: true });
            if (!production || !precompress?.test(relative)) continue;
            for (const [extension, compressed] of Object.entries(compressedCopies(content))) {
              compilation.emitAsset(`${name}.${extension}`, new sources.RawSource(compressed), { minimized: true, compressed: true });
            }
          }
        }
      });
    });
  }
}

module.exports = { CopyAssetsPlugin };
