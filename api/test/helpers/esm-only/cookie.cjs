module.exports = require('./load-as-commonjs.cjs').loadAsCommonJs('cookie', '@fastify/cookie');
