/**
 * The host's dev server stands in for the API's shell rendering: a page navigation gets the
 * freshly built shell template with the company of the request's host inlined, so the shell
 * boots in development exactly as it does behind the API.
 */
const path = require('node:path');

const PASS_THROUGH = /^\/(api|shell|mfe|remotes\.json)(\/|$)/;

function escapeJson(value) {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

async function companyFor(apiOrigin, host) {
  const response = await fetch(`${apiOrigin}/api/company/${encodeURIComponent(host)}`);
  return response.ok ? response.json() : null;
}

/** `setupMiddlewares` for webpack-dev-server. */
function devShellHtml({ apiOrigin, outputPath }) {
  return (middlewares, devServer) => {
    middlewares.unshift({
      name: 'incontra-dev-shell-html',
      middleware: async (req, res, next) => {
        const wantsHtml = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
        if (!wantsHtml || PASS_THROUGH.test(req.path)) return next();
        try {
          const fileSystem = devServer.compiler.outputFileSystem;
          const template = fileSystem.readFileSync(path.join(outputPath, 'index.html'), 'utf8');
          const host = req.headers.host ?? 'localhost';
          const company = await companyFor(apiOrigin, host.split(':')[0]);
          const data = company
            ? `<script type="application/json" id="incontra-initial-data">${escapeJson({ host, company })}</script>`
            : '';
          const html = template
            .replace('__INCONTRA_TITLE__', escapeHtml(company?.name ?? 'Incontra'))
            .replace('__INCONTRA_THEME_COLOR__', escapeHtml(company?.primaryColor ?? '#f5a623'))
            .replace('<!--INCONTRA_INITIAL_DATA-->', data);
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.end(html);
        } catch (error) {
          next(error);
        }
      },
    });
    return middlewares;
  };
}

module.exports = { devShellHtml };
