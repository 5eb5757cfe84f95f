import fp from 'fastify-plugin';
import { IT } from '@incontra/contracts/messages/it';
import { errorBody } from '../http/http-error';
import { PublicConfigReads } from '../tenancy/public-config';
import { shellRoutes } from './routes';
import { ShellTemplate } from './shell-template';
import { registerStaticAssets } from './static-assets';

/**
 * Plugin `shell`, registered last: the builds (/shell/*, /mfe/<name>/*), /remotes.json, the
 * shell's page for every other path of a company's host (a visitor page with its first screen's
 * public reads inlined), and the API's 404 for the rest — rate-limited, so that nobody maps the
 * API by guessing paths quickly.
 */
export const shellPlugin = fp(
  async (app) => {
    const { config, tenancy } = app;
    await registerStaticAssets(app, config.staticRoot);
    await app.register(shellRoutes, {
      tenancy,
      publicConfig: new PublicConfigReads({ tenancy, cache: app.cache }),
      template: new ShellTemplate(config.staticRoot),
      remotes: config.remotes,
      csrf: app.csrf,
    });
    app.setNotFoundHandler({ preHandler: app.rateLimit({ max: config.rateLimits.notFoundPerMinute, timeWindow: 60_000 }) }, (_request, reply) =>
      reply.code(404).send(errorBody(404, IT.errors.notFound)),
    );
  },
  { name: 'shell', dependencies: ['core', 'csrf', 'tenancy'] },
);
