const path = require('node:path');
const { mfeWebpackConfig } = require('../tooling/mfe-webpack.cjs');
const { CopyAssetsPlugin } = require('../tooling/copy-assets-plugin.cjs');

const base = mfeWebpackConfig({ appDir: __dirname, remote: 'room' });

/**
 * The background processors load their WebAssembly, model and pipeline workers by URL at run time
 * (`processorAssetsPath()`): they are served from this remote's own build, never from a CDN. The
 * library's own browser bundles in the same folder are not needed (the code is bundled by webpack).
 */
const PROCESSOR_ASSETS = path.join(path.dirname(require.resolve('@twilio/video-processors/package.json')), 'dist', 'build');
const isProcessorAsset = (name) => !/^twilio-video-processors(\.min)?\.js$/.test(name);

module.exports = (env, argv) => {
  const config = base(env, argv);
  config.plugins.push(
    new CopyAssetsPlugin([
      { from: PROCESSOR_ASSETS, to: 'processors', filter: isProcessorAsset, precompress: /\.wasm$/ },
      { from: path.join(__dirname, 'public', 'backgrounds'), to: 'backgrounds' },
    ]),
  );
  return config;
};
