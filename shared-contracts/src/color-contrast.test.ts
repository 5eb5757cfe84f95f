import { contrastRatio, inkOn, luminance, mixHex, parseHex, readableShade, TEXT_CONTRAST, UI_CONTRAST, WHITE } from './color-contrast';

/** Company colours from every corner of the cube, and the ones that are hardest to read on. */
const SAMPLE_PRIMARIES = [
  ...[0, 64, 128, 192, 255].flatMap((red) =>
    [0, 64, 128, 192, 255].flatMap((green) =>
      [0, 64, 128, 192, 255].map((blue) => `#${[red, green, blue].map((c) => c.toString(16).padStart(2, '0')).join('')}`),
    ),
  ),
  '#ffff00',
  '#f5a623',
  '#fab005',
  '#e6fcf5',
  '#1c7ed6',
  '#fa5252',
  '#000080',
  '#abc',
];

describe('colour contrast (WCAG 2.1)', () => {
  it('measures the known pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // The figures the accessibility walk reported.
    expect(contrastRatio('#868e96', WHITE)).toBeCloseTo(3.32, 2);
    expect(contrastRatio('#f5a623', WHITE)).toBeCloseTo(2.03, 2);
    expect(luminance('#ffffff')).toBeCloseTo(1, 5);
  });

  it('parses short and long hex, and falls back to the default colour on anything else', () => {
    expect(parseHex('#abc')).toEqual([170, 187, 204]);
    expect(parseHex('#F5A623')).toEqual([245, 166, 35]);
    expect(parseHex('rosso')).toEqual([245, 166, 35]);
    expect(mixHex('#000000', '#ffffff', 0.5)).toBe('#808080');
  });

  it.each(SAMPLE_PRIMARIES)('%s: black or white text on it reads at 4.5:1 or more', (color) => {
    expect(contrastRatio(inkOn(color), color)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it.each(SAMPLE_PRIMARIES)('%s: its readable shade reaches 4.5:1 on white and 3:1 for controls', (color) => {
    expect(contrastRatio(readableShade(color, WHITE), WHITE)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(readableShade(color, WHITE, UI_CONTRAST), WHITE)).toBeGreaterThanOrEqual(UI_CONTRAST);
  });

  it('keeps a colour that already reads, and darkens one that does not', () => {
    expect(readableShade('#1864ab', WHITE)).toBe('#1864ab');
    const yellow = readableShade('#ffff00', WHITE);
    expect(yellow).not.toBe('#ffff00');
    // Still a yellow, darkened: red and green equal, no blue.
    const [red, green, blue] = parseHex(yellow);
    expect(red).toBe(green);
    expect(blue).toBe(0);
  });

  it('lightens on a dark background', () => {
    const shade = readableShade('#1c3f6e', '#000000');
    expect(contrastRatio(shade, '#000000')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });
});
