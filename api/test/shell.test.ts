import { eq } from 'drizzle-orm';
import { SESSION } from '@incontra/contracts/constants';
import { initialShellDataSchema } from '@incontra/contracts/initial-data';
import { IT } from '@incontra/contracts/messages/it';
import { remotesManifestSchema } from '@incontra/contracts/mfe';
import { brotliDecompressSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { companies } from '../src/db/schema';
import { CONSENT_SCRIPT_SOURCE } from '../src/shell/first-paint';
import { FAKE_REMOTE_CHUNK } from './helpers/test-static-root';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { REMOTE_ROOM_URL: 'https://room.cdn.example.com/v7/mf-manifest.json' } });
}, START_TIMEOUT_MS);
afterAll(() => t.close());

const get = (url: string, host = 'demo.localhost:3000') => t.app.inject({ method: 'GET', url, headers: { host } });

function initialData(html: string) {
  const json = /<script type="application\/json" id="incontra-initial-data">(.*?)<\/script>/s.exec(html)?.[1];
  expect(json).toMatch(/^\{.*\}$/s);
  return initialShellDataSchema.parse(JSON.parse(json!));
}

describe('the shell page', () => {
  it('escapes what a company name could inject', async () => {
    // First request for Acme in this file: nothing is cached yet.
    const hostile = 'Acme </script><script>alert(1)</script> & "Co" $&';
    const acmeId = initialData((await get('/', 'acme.localhost')).body).company.id;
    await t.db.asOwnerForTenant(acmeId, (tx) => tx.update(companies).set({ name: hostile }).where(eq(companies.id, acmeId)));
    t.clock.advance(60_000); // past the host cache
    const html = (await get('/admin', 'acme.localhost')).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('<title>Acme &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot; $&amp;</title>');
    expect(html).toContain('\\u003c/script>');
    expect(initialData(html).company.name).toBe(hostile);
  });

  it("inlines the host's company: title, theme colour, initial data, CSRF cookie", async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>Demo</title>');
    expect(response.body).toContain('<meta name="theme-color" content="#f5a623">');
    expect(initialData(response.body)).toMatchObject({ host: 'demo.localhost', company: { slug: 'demo', name: 'Demo', theme: 'easy' } });
    expect(String(response.headers['set-cookie'])).toContain(`${SESSION.csrfCookieName}=`);
  });

  it('serves every route of the apps, with their query strings', async () => {
    for (const path of ['/partecipa', '/admin/login', '/admin/reimposta-password?token=abc', '/qualsiasi/pagina']) {
      const response = await get(path);
      expect({ path, status: response.statusCode }).toEqual({ path, status: 200 });
      expect(response.body).toContain('<title>Demo</title>');
    }
  });

  it('answers an unknown host with a 404 page in Italian: this address leads to no company, and what to do', async () => {
    const response = await get('/', 'nessuno.localhost:3000');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(`<title>${IT.shell.unknownHostTitle} · Incontra</title>`);
    expect(response.body).toContain(`<h1>${IT.shell.unknownHostHeading}</h1>`);
    expect(response.body).toContain(`<p>${IT.shell.unknownHostText}</p>`);
    // The error name is the API's (GET /api/company/{host}), not the page's text.
    expect(response.body).not.toContain('Company not found');
    expect(response.body).not.toContain('<script');
  });

  it('does not answer file requests with the page', async () => {
    expect((await get('/favicon.ico')).statusCode).toBe(404);
    expect((await get('/shell/nothing.js')).statusCode).toBe(404);
  });
});

describe('the first paint', () => {
  const firstPaintOf = (html: string) => /<div id="incontra-first-paint"[^>]*>.*?<\/div>/s.exec(html)?.[0] ?? null;
  const consentBannerOf = (html: string) => /<section id="incontra-first-paint-consent".*?<\/section>/s.exec(html)?.[0] ?? null;

  it('paints the welcome page: the company frame, its heading and its wall, and the cookie banner hidden until its script decides', async () => {
    const html = (await get('/')).body;
    expect(firstPaintOf(html)).toBe(
      '<div id="incontra-first-paint" class="ifp ifp-welcome"><header><img src="/shell/default-logo.svg" alt=""><p>Demo</p></header>' +
        '<main><h1>Ti diamo il benvenuto da Demo</h1><section class="ifp-wall" aria-label="Bacheca di Demo">Questo è lo spazio video di Demo: parla con noi o prenota un appuntamento.</section></main></div>',
    );
    const banner = consentBannerOf(html);
    expect(banner).toContain(' hidden>');
    expect(banner).toContain('Questo sito web utilizza i cookie per assicurarti la migliore esperienza possibile.');
    expect(banner).toContain('>Ok, ho capito</button>');
    // Where the API writes it: in place of the template's token, before the initial data.
    expect(html.indexOf('incontra-first-paint')).toBeLessThan(html.indexOf('incontra-initial-data'));
    expect(html).not.toContain('<!--INCONTRA_FIRST_PAINT-->');
  });

  it("paints the live flow's heading, only the frame elsewhere in the visitor's pages, nothing on staff pages", async () => {
    expect(firstPaintOf((await get('/partecipa?store=x')).body)).toContain('<main><h1>Parla con un nostro incaricato</h1></main>');
    expect(firstPaintOf((await get('/partecipa?appuntamento=abc')).body)).toContain('<main></main>');
    expect(firstPaintOf((await get('/prenota')).body)).toContain('<main></main>');
    // The company's wall belongs to the welcome page only.
    expect(firstPaintOf((await get('/partecipa')).body)).not.toContain('ifp-wall');
    for (const path of ['/admin', '/admin/login', '/room/verifica', '/qualsiasi/pagina']) {
      const html = (await get(path)).body;
      expect({ path, firstPaint: firstPaintOf(html), banner: consentBannerOf(html) }).toEqual({ path, firstPaint: null, banner: null });
    }
  });

  it("paints on /?store=… the heading the page will render: that store's first room's own title", async () => {
    const json = /<script type="application\/json" id="incontra-initial-data">(.*?)<\/script>/s.exec((await get('/')).body)?.[1] ?? 'null';
    const stores = (JSON.parse(json) as { publicConfig: { companyConfig: { stores: { id: string; name: string }[] } } }).publicConfig.companyConfig.stores;
    const roma = stores.find((store) => store.name === 'Roma Termini')!;
    const milano = stores.find((store) => store.name === 'Milano Centro')!;
    expect(firstPaintOf((await get(`/?store=${roma.id}`)).body)).toContain('<main><h1>Consulenza a Roma</h1>');
    expect(firstPaintOf((await get(`/?store=${milano.id}`)).body)).toContain('<main><h1>Assistenza clienti</h1>');
    // Without ?store= the page shows the company's title (the room's texts come with ?store= only).
    expect(firstPaintOf((await get('/')).body)).toContain('<main><h1>Ti diamo il benvenuto da Demo</h1>');
    expect(firstPaintOf((await get('/?store=nessuno')).body)).toContain('<main><h1>Ti diamo il benvenuto da Demo</h1>');
  });

  it('runs only the inline script the Content-Security-Policy names by its hash', async () => {
    const response = await get('/');
    const inline = [...response.body.matchAll(/<script>(.*?)<\/script>/gs)].map((match) => match[1]!);
    expect(inline).toHaveLength(1);
    const hash = `'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`;
    expect(hash).toBe(CONSENT_SCRIPT_SOURCE);
    expect(response.headers['content-security-policy']).toContain(`script-src 'self' ${hash} `);
  });

  it("escapes the company's name, its welcome title and its privacy page", async () => {
    const acmeId = initialData((await get('/', 'acme.localhost')).body).company.id;
    await t.db.asOwnerForTenant(acmeId, (tx) =>
      tx
        .update(companies)
        // No privacy text of its own, so the banner links the address in its settings.
        .set({
          name: 'Acme <b>&</b>',
          privacyPolicy: null,
          settings: { welcomeTitle: '<img src=x onerror=alert(1)>', privacyPolicyUrl: 'https://example.com/?a="><script>' },
        })
        .where(eq(companies.id, acmeId)),
    );
    t.clock.advance(60_000); // past the host cache
    const html = (await get('/', 'acme.localhost')).body;
    expect(firstPaintOf(html)).toContain('<p>Acme &lt;b&gt;&amp;&lt;/b&gt;</p></header><main><h1>&lt;img src=x onerror=alert(1)&gt;</h1>');
    expect(consentBannerOf(html)).toContain('href="https://example.com/?a=&quot;&gt;&lt;script&gt;"');
  });
});

describe('/remotes.json', () => {
  it('lists every remote from configuration, never cached', async () => {
    const response = await get('/remotes.json');
    expect(response.headers['cache-control']).toBe('no-cache');
    const manifest = remotesManifestSchema.parse(response.json());
    expect(manifest.remotes).toEqual([
      { name: 'visitor', entry: '/mfe/visitor/mf-manifest.json' },
      { name: 'room', entry: 'https://room.cdn.example.com/v7/mf-manifest.json' },
      { name: 'backoffice', entry: '/mfe/backoffice/mf-manifest.json' },
      { name: 'billing', entry: '/mfe/billing/mf-manifest.json' },
    ]);
  });
});

describe('built assets', () => {
  it('caches hashed files for a year and revalidates the rest', async () => {
    const cases: [string, string][] = [
      ['/shell/main.0123456789abcdef.js', 'public, max-age=31536000, immutable'],
      ['/shell/default-logo.svg', 'no-cache'],
      ['/mfe/visitor/mf-manifest.json', 'no-cache'],
      ['/mfe/visitor/remoteEntry.js', 'no-cache'],
      ['/mfe/visitor/chunk.89abcdef01234567.js', 'public, max-age=31536000, immutable'],
    ];
    for (const [url, cacheControl] of cases) {
      const response = await get(url);
      expect({ url, status: response.statusCode, cacheControl: response.headers['cache-control'] }).toEqual({ url, status: 200, cacheControl });
    }
  });

  it('lets remote assets be loaded from another origin', async () => {
    expect((await get('/mfe/visitor/remoteEntry.js')).headers['access-control-allow-origin']).toBe('*');
    expect((await get('/shell/main.0123456789abcdef.js')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it("sends the build's brotli copy to a browser that accepts it, the plain file to one that does not", async () => {
    const url = '/mfe/visitor/chunk.89abcdef01234567.js';
    const compressed = await t.app.inject({ method: 'GET', url, headers: { host: 'demo.localhost', 'accept-encoding': 'gzip, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(FAKE_REMOTE_CHUNK);
    const plain = await t.app.inject({ method: 'GET', url, headers: { host: 'demo.localhost', 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(FAKE_REMOTE_CHUNK);
  });

  it('answers 404 for files that are not there', async () => {
    expect((await get('/mfe/visitor/missing.js')).statusCode).toBe(404);
    expect((await get('/mfe/billing/mf-manifest.json')).statusCode).toBe(404);
  });
});

describe('security headers', () => {
  it('go on every answer; the CSP allows the remote origins configured', async () => {
    for (const url of ['/', '/api/company/demo.localhost', '/mfe/visitor/remoteEntry.js', '/api/nope']) {
      const headers = (await get(url)).headers;
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy']).toBe('camera=(self), microphone=(self), display-capture=(self)');
      expect(headers['content-security-policy']).toBe(
        `default-src 'self'; script-src 'self' ${CONSENT_SCRIPT_SOURCE} 'wasm-unsafe-eval' https://room.cdn.example.com; style-src 'self' 'unsafe-inline' https://room.cdn.example.com; ` +
          "img-src 'self' data: blob: https:; media-src 'self' blob:; font-src 'self' data:; connect-src 'self' ws: wss: https://*.twilio.com https://room.cdn.example.com; " +
          "worker-src 'self' blob:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
      );
    }
  });
});
