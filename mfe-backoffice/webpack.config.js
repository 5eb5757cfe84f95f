const { mfeWebpackConfig } = require('../tooling/mfe-webpack.cjs');

module.exports = mfeWebpackConfig({ appDir: __dirname, remote: 'backoffice' });
