import { DEFAULT_PRIVACY_POLICY_URL } from './constants';
import { hasRichText, privacyLinkOf } from './visitor-texts';

describe('hasRichText', () => {
  it.each([
    ['nothing stored', null, false],
    ['an empty string', '', false],
    ['bare markup left by an emptied editor', '<p></p><p> &nbsp;</p><br>', false],
    ['a paragraph', '<p>Trattiamo i tuoi dati con cura.</p>', true],
    ['an image alone', '<p><img src="/api/editor/images/0123456789abcdef0123456789abcdef.png" alt=""></p>', true],
  ])('%s: %s', (_case, html, expected) => {
    expect(hasRichText(html)).toBe(expected);
  });
});

describe('privacyLinkOf', () => {
  const written = { privacyPolicy: '<p>La nostra informativa.</p>', settings: { privacyPolicyUrl: 'https://demo.example/privacy' } };

  it("leads to the company's own page when it wrote one, in place from pages left freely", () => {
    for (const path of ['/', '/privacy', '/termini/']) expect(privacyLinkOf(written, path)).toEqual({ href: '/privacy', inPlace: true });
  });

  it('opens that page in a new tab where leaving would drop what is under way', () => {
    for (const path of ['/partecipa', '/prenota', '/room/abc', '/admin']) expect(privacyLinkOf(written, path)).toEqual({ href: '/privacy', inPlace: false });
  });

  it('falls back to the address in the settings, then to the default one, always in a new tab', () => {
    expect(privacyLinkOf({ privacyPolicy: '<p></p>', settings: written.settings }, '/')).toEqual({ href: 'https://demo.example/privacy', inPlace: false });
    expect(privacyLinkOf({ privacyPolicy: null, settings: {} }, '/')).toEqual({ href: DEFAULT_PRIVACY_POLICY_URL, inPlace: false });
  });
});
