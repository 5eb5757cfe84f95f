import { isOwnedBy, REMOTE_NAMES, type RemoteName } from '@incontra/contracts/routes';
import { remotesManifestSchema, type RemotesManifest } from '@incontra/contracts/mfe';
import type { CsrfTokens } from '../auth/csrf';
import type { ZodPluginAsync } from '../http/zod-type-provider';
import { requestHost } from '../tenancy/request-host';
import type { PublicConfigReads } from '../tenancy/public-config';
import type { TenancyService } from '../tenancy/service';
import { companyNotFoundPage } from './not-found-page';
import { renderShell } from './render-shell';
import type { ShellTemplate } from './shell-template';

export interface ShellRoutesOptions {
  tenancy: TenancyService;
  publicConfig: PublicConfigReads;
  template: ShellTemplate;
  remotes: Record<RemoteName, string>;
  csrf: CsrfTokens;
}

const NOT_SHELL = /^\/(api|shell|mfe)(\/|$)|^\/remotes\.json$/;
/** A last path segment with an extension asks for a file, not a page. */
const FILE_LIKE = /\/[^/]*\.[a-z0-9]+$/i;

export const shellRoutes: ZodPluginAsync<ShellRoutesOptions> = async (app, { tenancy, publicConfig, template, remotes, csrf }) => {
  const manifest: RemotesManifest = { remotes: REMOTE_NAMES.map((name) => ({ name, entry: remotes[name] })) };

  app.get('/remotes.json', { schema: { response: { 200: remotesManifestSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return manifest;
  });

  app.get('/*', async (request, reply) => {
    const queryAt = request.url.indexOf('?');
    const pathname = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
    const search = queryAt === -1 ? '' : request.url.slice(queryAt);
    if (NOT_SHELL.test(pathname) || FILE_LIKE.test(pathname)) return reply.callNotFound();
    reply.header('cache-control', 'no-cache');
    const host = requestHost(request);
    const company = await tenancy.companyByHost(host);
    if (!company || !host) return reply.code(404).type('text/html; charset=utf-8').send(companyNotFoundPage());
    const html = await template.load();
    if (html === null) {
      return reply.code(503).type('text/plain; charset=utf-8').send('Shell not built: run npm run build');
    }
    csrf.ensure(request, reply);
    // A visitor page comes with what its first screen reads; without it (a failed read) the
    // remote asks for it itself.
    const inlined = isOwnedBy('visitor', pathname)
      ? await publicConfig.forVisitorPage(company, search).catch((error: unknown) => {
          request.log.warn({ err: error }, 'shell: the public config was not inlined');
          return undefined;
        })
      : undefined;
    const data = inlined ? { host, company, publicConfig: inlined } : { host, company };
    return reply.type('text/html; charset=utf-8').send(renderShell(html, data, { pathname, search, acceptLanguage: request.headers['accept-language'] }));
  });
};
