import { attachmentDisposition } from './content-disposition';
import { DOWNLOAD_LINK_TTL_SECONDS, DownloadLinks } from './download-links';

const ID = '6f1c0a38-3c1e-4a57-9f39-0d8e2b8f5a11';
const OTHER_ID = '0b7e9a52-95a3-4d3c-8d59-3c7f0c1f2e44';

function linksAt(start: number) {
  let now = start;
  const links = new DownloadLinks('a-secret-of-at-least-thirty-two-characters', () => new Date(now));
  return { links, advance: (ms: number) => (now += ms) };
}

function queryOf(url: string) {
  const params = new URL(url, 'http://x').searchParams;
  return { exp: params.get('exp') ?? undefined, sig: params.get('sig') ?? undefined };
}

describe('DownloadLinks', () => {
  it('signs a link that verifies until it expires', () => {
    const { links, advance } = linksAt(Date.UTC(2026, 2, 2, 9));
    const url = links.url(ID);
    expect(url).toMatch(new RegExp(`^/api/documents/${ID}/download\\?exp=\\d+&sig=[\\w-]+$`));
    expect(links.verify(ID, queryOf(url))).toBe(true);
    advance(DOWNLOAD_LINK_TTL_SECONDS * 1000 - 1000);
    expect(links.verify(ID, queryOf(url))).toBe(true);
    advance(1000);
    expect(links.verify(ID, queryOf(url))).toBe(false);
  });

  it('refuses another document, a changed expiry, a changed signature and missing parts', () => {
    const { links } = linksAt(Date.UTC(2026, 2, 2, 9));
    const { exp, sig } = queryOf(links.url(ID));
    expect(links.verify(OTHER_ID, { exp, sig })).toBe(false);
    expect(links.verify(ID, { exp: String(Number(exp) + 3600), sig })).toBe(false);
    expect(links.verify(ID, { exp, sig: `${sig!.slice(0, -1)}${sig!.endsWith('A') ? 'B' : 'A'}` })).toBe(false);
    expect(links.verify(ID, { exp, sig: `${sig}A` })).toBe(false);
    expect(links.verify(ID, { exp: [exp], sig })).toBe(false);
    expect(links.verify(ID, { exp: '1e12', sig })).toBe(false);
    expect(links.verify(ID, {})).toBe(false);
  });

  it('does not verify a link signed with another secret', () => {
    const at = Date.UTC(2026, 2, 2, 9);
    const other = new DownloadLinks('another-secret-of-at-least-thirty-two-chars', () => new Date(at));
    expect(linksAt(at).links.verify(ID, queryOf(other.url(ID)))).toBe(false);
  });
});

describe('attachmentDisposition', () => {
  it('encodes an Italian name for filename* and gives an ASCII fallback', () => {
    expect(attachmentDisposition("Perché l'offerta (è) *nuova*.pdf")).toBe(
      `attachment; filename="Perch_ l'offerta (_) *nuova*.pdf"; filename*=UTF-8''Perch%C3%A9%20l%27offerta%20%28%C3%A8%29%20%2Anuova%2A.pdf`,
    );
  });

  it('never lets a quote or a backslash close the plain filename', () => {
    expect(attachmentDisposition('a"b\\c%.txt')).toBe(`attachment; filename="a_b_c_.txt"; filename*=UTF-8''a%22b%5Cc%25.txt`);
  });
});
