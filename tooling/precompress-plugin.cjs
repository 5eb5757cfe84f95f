/**
 * Writes a brotli and a gzip copy beside every emitted script, stylesheet, manifest and SVG, so
 * the API serves them compressed without compressing on each request (@fastify/static
 * `preCompressed`). Production builds only.
 */
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const COMPRESSIBLE = /\.(js|css|json|svg|html)$/;
const MIN_BYTES = 1024;

class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (compilation) => {
      const outputPath = compilation.getPath(compiler.outputPath);
      const jobs = Object.keys(compilation.assets)
        .filter((name) => COMPRESSIBLE.test(name))
        .map(async (name) => {
          const file = path.join(outputPath, name);
          const content = await fs.promises.readFile(file);
          if (content.length < MIN_BYTES) return;
          const brotli = zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
          const gzip = zlib.gzipSync(content, { level: 9 });
          await Promise.all([fs.promises.writeFile(`${file}.br`, brotli), fs.promises.writeFile(`${file}.gz`, gzip)]);
        });
      await Promise.all(jobs);
    });
  }
}

module.exports = { PrecompressPlugin };
