/**
 * The one webpack configuration of the shell and of every remote. An app's webpack.config.js
 * only says who it is: `module.exports = mfeWebpackConfig({ appDir: __dirname, remote: 'visitor' })`
 * or `{ appDir: __dirname, host: true }`.
 */
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { loadContract } = require('./load-contract.cjs');
const { sharedDependencies } = require('./shared-deps.cjs');
const { devShellHtml } = require('./dev-shell-html.cjs');
const { PublicAssetsPlugin } = require('./public-assets-plugin.cjs');
const { PrecompressPlugin } = require('./precompress-plugin.cjs');
const { CompileHintsPlugin } = require('./compile-hints-plugin.cjs');
const { splitChunks } = require('./split-chunks.cjs');

const API_ORIGIN = process.env.INCONTRA_API_ORIGIN ?? 'http://localhost:3000';
const HOST_FEDERATION_NAME = 'incontra_shell';
const HOST_PUBLIC_PATH = '/shell/';
const INJECT_RUNTIME_PLUGIN_CJS = require.resolve('@module-federation/inject-external-runtime-core-plugin', {
  paths: [require.resolve('@module-federation/enhanced')],
});
const INJECT_RUNTIME_PLUGIN_ESM = INJECT_RUNTIME_PLUGIN_CJS.replace(/\.cjs$/, '.js');
const DEV_PORTS = { host: 3100, visitor: 3101, room: 3102, backoffice: 3103, billing: 3104 };

function scriptRule(development) {
  return {
    test: /\.[cm]?tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development } },
          target: 'es2020',
        },
      },
    },
  };
}

/**
 * Build-time switches of the federation runtime. Every app runs in a browser: the code that loads
 * scripts in Node goes. A production remote loads no other remote (the shell loads them all), so
 * its bundler runtime needs no remote-loading code; a development remote may run standalone and
 * keeps the defaults.
 */
function federationOptimization({ host, development }) {
  return { target: 'web', ...(host || development ? {} : { disableRemote: true }) };
}

/**
 * Entry chunks get a content hash too, but the federation runtime asks for the entry's file name
 * (only to learn its folder depth) before any hash exists: answer an unhashed name in that case.
 */
function initialChunkFilename(pathData) {
  const hasHash = Boolean(pathData.contentHash || pathData.chunk?.contentHash?.javascript);
  return hasHash ? '[name].[contenthash:10].js' : '[name].js';
}

function devServer({ host, port, outputPath }) {
  const proxied = host ? ['/api', '/remotes.json', '/mfe'] : ['/api', '/shell'];
  return {
    port,
    host: '0.0.0.0',
    allowedHosts: 'all',
    hot: false,
    headers: { 'Access-Control-Allow-Origin': '*' },
    historyApiFallback: host ? { index: `${HOST_PUBLIC_PATH}index.html` } : true,
    proxy: [{ context: proxied, target: API_ORIGIN }],
    ...(host ? { setupMiddlewares: devShellHtml({ apiOrigin: API_ORIGIN, outputPath }) } : {}),
  };
}

/**
 * @param {{ appDir: string, host?: boolean, remote?: 'visitor' | 'room' | 'backoffice' | 'billing' }} app
 */
function mfeWebpackConfig(app) {
  const { FEDERATION_NAMES, LIFECYCLES_EXPOSE } = loadContract('mfe');
  const host = app.host === true;
  if (!host && !FEDERATION_NAMES[app.remote]) throw new Error(`Unknown remote ${app.remote}`);
  const federationName = host ? HOST_FEDERATION_NAME : FEDERATION_NAMES[app.remote];
  const outputPath = path.join(app.appDir, 'dist');
  // A remote's page exists only on its standalone dev server, and is the same for every remote.
  const template = host ? path.join(app.appDir, 'public/index.html') : require.resolve('@incontra/mfe-kit/standalone.html');
  // The dev server answers every path with that page: its scripts must not be relative to the path.
  const standalonePage = host ? {} : { templateParameters: { remote: app.remote }, publicPath: '/' };

  return (env = {}, argv = {}) => {
    const development = (argv.mode ?? 'production') === 'development';
    const serving = Boolean(env.WEBPACK_SERVE);
    const hashed = development ? '[name]' : '[name].[contenthash:10]';
    const emitHtml = host || serving;
    return {
      mode: development ? 'development' : 'production',
      context: app.appDir,
      entry: { main: './src/index.ts' },
      devtool: development ? 'eval-cheap-module-source-map' : process.env.INCONTRA_SOURCE_MAPS ? 'hidden-source-map' : false,
      output: {
        path: outputPath,
        publicPath: host ? HOST_PUBLIC_PATH : 'auto',
        uniqueName: federationName,
        filename: development ? '[name].js' : initialChunkFilename,
        // Hashed in development too: the remote entry and the standalone entry are two runtimes
        // that may emit a chunk of the same id with different content.
        chunkFilename: '[name].[contenthash:10].js',
        assetModuleFilename: `${hashed}[ext]`,
        clean: true,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
        // The contracts export their TypeScript source under the `source` condition.
        conditionNames: ['source', '...'],
        // The runtime plugin that hands the shell's federation runtime to the remotes is
        // registered by its CommonJS path; its CommonJS imports would bundle the runtime a second
        // time beside the ES module copy the shell already runs.
        alias: { [`${INJECT_RUNTIME_PLUGIN_CJS}$`]: INJECT_RUNTIME_PLUGIN_ESM },
      },
      module: {
        rules: [
          scriptRule(development),
          { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        ],
      },
      plugins: [
        new MiniCssExtractPlugin({ filename: `${hashed}.css`, chunkFilename: `${hashed}.css` }),
        new ModuleFederationPlugin({
          name: federationName,
          filename: 'remoteEntry.js',
          ...(host ? { remotes: {} } : { exposes: { [LIFECYCLES_EXPOSE]: './src/lifecycles.tsx' } }),
          shared: sharedDependencies(app.appDir, { development }),
          // version-first would fetch every registered remote's entry at start-up to compare
          // versions; the welcome page must load only the shell and the visitor remote.
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          // The shell hands its federation runtime to the remotes instead of each remote entry
          // carrying its own copy (about 18 KB gzip each). A standalone remote (dev server) keeps
          // its own, having no shell.
          experiments: {
            ...(host ? { provideExternalRuntime: true } : { externalRuntime: !development }),
            optimization: federationOptimization({ host, development }),
          },
        }),
        ...(emitHtml ? [new HtmlWebpackPlugin({ template, ...standalonePage, inject: 'body', scriptLoading: 'defer', minify: false })] : []),
        new PublicAssetsPlugin(path.join(app.appDir, 'public'), ['index.html']),
        ...(development ? [] : [new CompileHintsPlugin(), new PrecompressPlugin()]),
      ],
      optimization: {
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
        splitChunks: splitChunks({ host }),
        // webpack's HTML minifier drops comments, and the shell template's
        // <!--INCONTRA_INITIAL_DATA--> is a token the API replaces.
        minimizeOptions: { html: false },
      },
      performance: { hints: false },
      devServer: devServer({ host, port: DEV_PORTS[host ? 'host' : app.remote], outputPath }),
    };
  };
}

module.exports = { mfeWebpackConfig, HOST_PUBLIC_PATH };
