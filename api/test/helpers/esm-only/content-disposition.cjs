module.exports = require('./load-as-commonjs.cjs').loadAsCommonJs('content-disposition', '@fastify/static');
