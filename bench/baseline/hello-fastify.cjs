// The baseline of the API figures: a bare Fastify hello-world, same Node, same machine, same run.
const fastify = require('fastify')({ logger: false });

fastify.get('/*', async () => ({ hello: 'world' }));
fastify.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => {
  process.stdout.write('listening\n');
});
