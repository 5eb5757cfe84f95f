import { parseDocument } from 'htmlparser2';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- see the loader
jest.mock('sanitize-html', () => require('./rich-text-support/load-sanitize-html.cjs').loadSanitizeHtml());
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the same ESM-only parser, to read what was stored
jest.mock('htmlparser2', () => require('./rich-text-support/load-sanitize-html.cjs').loadHtmlparser2());

/*
 * Known XSS vectors (OWASP's filter evasion cheat sheet, mutation XSS, namespace confusion) are
 * stored as the privacy policy and read back through the public GET: what comes back is parsed
 * and every element, attribute and URL must be of the allow-list.
 */
const ALLOWED: Record<string, string[]> = {
  p: [],
  br: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  h2: [],
  h3: [],
  h4: [],
  ul: [],
  ol: [],
  li: [],
  blockquote: [],
  hr: [],
  code: [],
  pre: [],
  a: ['href', 'rel', 'target'],
  img: ['src', 'alt', 'width', 'height'],
};
const OWN_IMAGE = /^\/api\/editor\/images\/[0-9a-f]{32}\.(png|jpg|webp|gif)$/;

const VECTORS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="https://ok.example/a.png" onerror="alert(1)">',
  '<svg><script>alert(1)</script></svg>',
  '<svg onload=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<a href="jav\tascript:alert(1)">x</a>',
  '<a href=" &#14;  javascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="&amp;#106;avascript:alert(1)">double-encoded</a>',
  '<a href="//evil.example/">protocol-relative</a>',
  '<img src="javascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="http://insecure.example/a.png">',
  '<img src="/api/editor/images/../../etc/passwd">',
  '<img """><script>alert(1)</script>">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=alert(1)&gt;">',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type="submit"></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<p style="width: expression(alert(1))">x</p>',
  '<div style="behavior: url(x.htc)">x</div>',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)<</script>/script>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<p onmouseover="alert(1)" class="x" id="y">x</p>',
  '<a href="https://ok.example" target="_self" ping="https://track.example">x</a>',
  '<template><img src=x onerror=alert(1)></template>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<isindex action="javascript:alert(1)" type=image>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  '<a href="\u0001javascript:alert(1)">x</a>',
  '<img src="https://ok.example/a.png" width="100%" height="1 onerror=alert(1)">',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math href="javascript:alert(1)">x</math>',
];

let t: TestApp;
let admin: TestClient;
let demoId: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = new TestClient(t.app, 'demo.localhost');
  expect((await admin.login()).statusCode).toBe(200);
  demoId = (await admin.get('/api/me')).json().companyId as string;
}, START_TIMEOUT_MS);
afterAll(() => t.close());

/** Stores `html` as the privacy policy and answers what the public GET gives back. */
async function storedAndReadBack(html: string): Promise<string> {
  expect((await admin.post(`/api/company/${demoId}/privacy`, { privacyPolicy: html })).statusCode).toBe(200);
  const response = await new TestClient(t.app, 'demo.localhost').get(`/api/company/${demoId}/privacy`);
  expect(response.statusCode).toBe(200);
  return (response.json() as { privacyPolicy: string | null }).privacyPolicy ?? '';
}

/** What the checks read of the parsed tree (the DOM types of the nested domhandler are not ours). */
interface ParsedNode {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: ParsedNode[];
}
type ParsedElement = ParsedNode & { name: string; attribs: Record<string, string> };

function elements(nodes: ParsedNode[]): ParsedElement[] {
  return nodes.flatMap((node) => [...(node.name !== undefined ? [node as ParsedElement] : []), ...elements(node.children ?? [])]);
}

function isSafeUrl(tag: string, url: string): boolean {
  // An image is the company's own upload: another site's would be asked for by every visitor's browser.
  if (tag === 'img') return OWN_IMAGE.test(url);
  // A link: one of the allowed schemes, or relative to the site (never "//host", another site).
  return /^[a-z][a-z0-9+.-]*:/i.test(url) ? /^(https?|mailto|tel):/i.test(url) : !url.startsWith('//');
}

/** Every element and attribute of the allow-list, every URL of an allowed scheme. */
function assertInert(html: string): void {
  const document = parseDocument(html) as unknown as ParsedNode;
  for (const element of elements(document.children ?? [])) {
    expect(Object.keys(ALLOWED)).toContain(element.name);
    for (const [name, value] of Object.entries(element.attribs)) {
      expect(ALLOWED[element.name]).toContain(name);
      if (name === 'href' || name === 'src') expect(isSafeUrl(element.name, value.trim())).toBe(true);
      if (name === 'target') expect(value).toBe('_blank');
      if (name === 'rel') expect(value).toBe('noopener noreferrer nofollow');
    }
  }
  expect(html).not.toMatch(/<\s*(script|style|iframe|object|embed|svg|math|form|input|base|meta|link)\b/i);
  expect(html).not.toMatch(/\son\w+\s*=/i);
}

describe('stored rich text', () => {
  it('has at least 40 vectors to try, and a check that sees them unsanitised', () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(40);
    for (const raw of ['<img src=x onerror=alert(1)>', '<a href="javascript:alert(1)">x</a>', '<svg></svg>', '<script></script>', '<p style="x">y</p>']) {
      expect(() => assertInert(raw)).toThrow();
    }
  });

  it.each(VECTORS.map((vector) => [vector]))('renders %s inert', async (vector) => {
    assertInert(await storedAndReadBack(vector));
  });

  it('keeps the editor’s own content intact', async () => {
    const html =
      '<h2>Chi siamo</h2><p>Testo <strong>forte</strong>, <em>corsivo</em>, <u>sottolineato</u>, <s>barrato</s><br />a capo</p>' +
      '<h3>Elenco</h3><ul><li><p>uno</p></li></ul><ol><li><p>due</p></li></ol><blockquote><p>citazione</p></blockquote>' +
      '<h4>Contatti</h4><p><a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">sito</a> ' +
      '<a href="mailto:info@example.com" rel="noopener noreferrer nofollow" target="_blank">mail</a> ' +
      '<a href="tel:+390212345678" rel="noopener noreferrer nofollow" target="_blank">telefono</a> ' +
      '<a href="/privacy" rel="noopener noreferrer nofollow" target="_blank">privacy</a></p><hr />' +
      '<p><img src="/api/editor/images/0123456789abcdef0123456789abcdef.png" alt="Negozio" width="640" height="480" /></p>' +
      '<pre><code>codice</code></pre>';
    const stored = await storedAndReadBack(html);
    expect(stored).toBe(html);
    assertInert(stored);
  });

  it('forces the same rel and target on every link', async () => {
    expect(await storedAndReadBack('<p><a href="https://example.com" target="_top" rel="opener">x</a></p>')).toBe(
      '<p><a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">x</a></p>',
    );
  });
});

describe('images', () => {
  it.each([
    'https://cdn.example.com/foto.jpg',
    'http://cdn.example.com/foto.jpg',
    'HTTPS://CDN.EXAMPLE.COM/FOTO.JPG',
    '//cdn.example.com/foto.jpg',
    'https://demo.localhost/api/editor/images/0123456789abcdef0123456789abcdef.png',
    '/api/editor/images/0123456789abcdef0123456789abcdef.png?x=https://cdn.example.com/',
    ' https://cdn.example.com/foto.jpg',
  ])('drops one whose address %s is not an upload of the editor: a visitor’s browser would ask that site for it', async (src) => {
    expect(await storedAndReadBack(`<p>Prima</p><p><img src="${src}" alt="Foto" /></p>`)).toBe('<p>Prima</p><p></p>');
  });

  it('keeps an upload of the editor, with its text and size', async () => {
    const own = '<p><img src="/api/editor/images/0123456789abcdef0123456789abcdef.webp" alt="Vetrina" width="320" height="200" /></p>';
    expect(await storedAndReadBack(own)).toBe(own);
  });
});
