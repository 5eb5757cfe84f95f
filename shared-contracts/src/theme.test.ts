import { normalizeTheme, themeRadiusPx } from './theme';

describe('company theme', () => {
  it('maps easy, modern and elegant to 8, 16 and 0 px', () => {
    expect(themeRadiusPx('easy')).toBe(8);
    expect(themeRadiusPx('modern')).toBe(16);
    expect(themeRadiusPx('elegant')).toBe(0);
  });

  it('treats an unknown or missing theme as easy', () => {
    expect(normalizeTheme('neon')).toBe('easy');
    expect(normalizeTheme(undefined)).toBe('easy');
    expect(themeRadiusPx(null)).toBe(8);
  });
});
