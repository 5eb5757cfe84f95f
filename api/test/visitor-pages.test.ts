import { eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { DEFAULT_PRIVACY_POLICY_URL } from '@incontra/contracts/constants';
import { initialShellDataSchema } from '@incontra/contracts/initial-data';
import { shadesOf } from '@incontra/contracts/mantine-theme';
import { companies } from '../src/db/schema';
import { CONSENT_SCRIPT_SOURCE } from '../src/shell/first-paint';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let demoId: string;
beforeAll(async () => {
  t = await startTestApp();
  demoId = companyIdOf((await get('/')).body);
}, START_TIMEOUT_MS);
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'demo.localhost:3000' } });
const firstPaintOf = (html: string) => /<div id="incontra-first-paint"[^>]*>.*?<\/div>/s.exec(html)?.[0] ?? null;
/** Demo's link colour: the darkest shade of its primary colour, as the shell's theme has it. */
const LINK_STYLE = `style="color:${shadesOf('#f5a623')[9]}"`;
const learnMoreOf = (html: string) => /<section id="incontra-first-paint-consent".*?(<a [^>]*>Scopri di più<\/a>)/s.exec(html)?.[1] ?? null;

function companyIdOf(html: string): string {
  const json = /<script type="application\/json" id="incontra-initial-data">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null';
  return initialShellDataSchema.parse(JSON.parse(json)).company.id;
}

/** Changes Demo's privacy texts as stored, past the few seconds the API keeps a host's company. */
async function setPrivacy(privacyPolicy: string | null, privacyPolicyUrl?: string) {
  await t.db.asOwnerForTenant(demoId, (tx) =>
    tx
      .update(companies)
      .set({
        privacyPolicy,
        settings: privacyPolicyUrl ? { welcomeTitle: 'Ti diamo il benvenuto da Demo', privacyPolicyUrl } : { welcomeTitle: 'Ti diamo il benvenuto da Demo' },
      })
      .where(eq(companies.id, demoId)),
  );
  t.clock.advance(60_000);
}

describe('the privacy and terms pages', () => {
  it.each(['/privacy', '/termini', '/termini/', '/privacy?store=abc'])(
    '%s: the shell page, its first paint (the company frame) and the cookie banner',
    async (path) => {
      const response = await get(path);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<title>Demo</title>');
      // The page's heading comes with its remote: the shell takes the first paint away at its first route.
      expect(firstPaintOf(response.body)).toBe(
        '<div id="incontra-first-paint" class="ifp ifp-step"><header><img src="/shell/default-logo.svg" alt=""><p>Demo</p></header><main></main></div>',
      );
      expect(learnMoreOf(response.body)).not.toBeNull();
      // The consent script is the same one the Content-Security-Policy names.
      const inline = [...response.body.matchAll(/<script>(.*?)<\/script>/gs)].map((match) => match[1]!);
      expect(inline.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`)).toEqual([CONSENT_SCRIPT_SOURCE]);
      expect(response.headers['content-security-policy']).toContain(CONSENT_SCRIPT_SOURCE);
    },
  );
});

describe("the first-painted cookie banner's 'Scopri di più'", () => {
  it("leads to the company's own /privacy page, in place, when it wrote one", async () => {
    await setPrivacy('<p>Demo tratta i tuoi dati con cura.</p>', 'https://demo.example/privacy');
    for (const path of ['/', '/privacy', '/termini']) {
      expect({ path, link: learnMoreOf((await get(path)).body) }).toEqual({ path, link: `<a href="/privacy" ${LINK_STYLE}>Scopri di più</a>` });
    }
  });

  it('opens that page in a new tab from the live flow, where leaving would cancel the request', async () => {
    await setPrivacy('<p>Demo tratta i tuoi dati con cura.</p>');
    expect(learnMoreOf((await get('/partecipa?store=x')).body)).toBe(
      `<a href="/privacy" target="_blank" rel="noopener noreferrer" ${LINK_STYLE}>Scopri di più</a>`,
    );
  });

  it('leads to the address in the settings when the company wrote no text (or only bare markup)', async () => {
    await setPrivacy('<p></p>', 'https://demo.example/privacy');
    expect(learnMoreOf((await get('/')).body)).toBe(
      `<a href="https://demo.example/privacy" target="_blank" rel="noopener noreferrer" ${LINK_STYLE}>Scopri di più</a>`,
    );
  });

  it('leads to the default page when the company has neither', async () => {
    await setPrivacy(null);
    expect(learnMoreOf((await get('/')).body)).toBe(
      `<a href="${DEFAULT_PRIVACY_POLICY_URL}" target="_blank" rel="noopener noreferrer" ${LINK_STYLE}>Scopri di più</a>`,
    );
  });
});
