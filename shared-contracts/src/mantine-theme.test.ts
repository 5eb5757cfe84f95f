import { DEFAULT_THEME, isLightColor, mergeMantineTheme } from '@mantine/core';
import { BLACK, contrastRatio, inkOn, TEXT_CONTRAST, WHITE } from './color-contrast';
import { cssVariablesFor, LIGHT_SURFACE, mantineThemeFor, shadesOf } from './mantine-theme';

/** Company colours from every corner of the colour cube, plus the palest and darkest ones. */
const PRIMARIES = [
  ...[0, 85, 170, 255].flatMap((red) =>
    [0, 85, 170, 255].flatMap((green) => [0, 85, 170, 255].map((blue) => `#${[red, green, blue].map((c) => c.toString(16).padStart(2, '0')).join('')}`)),
  ),
  '#ffff00',
  '#f5a623',
  '#fff9db',
  '#ffffff',
  '#000000',
  '#1c7ed6',
  '#0b1f3a',
];

function variablesFor(primaryColor: string) {
  const theme = mergeMantineTheme(DEFAULT_THEME, mantineThemeFor({ primaryColor, radiusPx: 8, logoUrl: '' }));
  const { variables, light } = cssVariablesFor(theme);
  return { theme, variables: { ...variables, ...light } as Record<string, string> };
}

describe('the Mantine theme of a company colour', () => {
  it.each(PRIMARIES)('%s: every text colour Mantine derives reads at 4.5:1 where it is drawn', (primary) => {
    const { theme, variables } = variablesFor(primary);
    for (const [name, shades] of Object.entries(theme.colors)) {
      const on = (suffix: string) => variables[`--mantine-color-${name}-${suffix}`]!;
      for (const surface of [WHITE, LIGHT_SURFACE]) {
        expect(contrastRatio(on('text'), surface)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        expect(contrastRatio(on('outline'), surface)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      }
      // The light variant (badges such as «Confermata»): its text on its tint and on the hover tint.
      expect(contrastRatio(on('light-color'), shades[1]!)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(contrastRatio(on('light-color'), shades[2]!)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      // A filled surface keeps its black or white text readable when hovered.
      expect(contrastRatio(inkOn(shades[6]!), on('filled-hover'))).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  it.each(PRIMARIES)('%s: filled buttons keep the company colour, with text at 4.5:1 or more', (primary) => {
    const { theme } = variablesFor(primary);
    const filled = shadesOf(primary)[6];
    expect(theme.colors.brand![6]).toBe(filled);
    // Mantine's auto contrast writes black above this luminance and white below it: at 0.179 both
    // read equally well, so the one it picks is the better one (inkOn), at 4.58:1 or more.
    expect(theme.luminanceThreshold).toBe(0.179);
    expect(isLightColor(filled, theme.luminanceThreshold) ? BLACK : WHITE).toBe(inkOn(filled));
    expect(contrastRatio(inkOn(filled), filled)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it.each(PRIMARIES)('%s: controls and focus rings in the company colour reach 4.5:1 on white, and so does white text on them', (primary) => {
    const { variables } = variablesFor(primary);
    const control = variables['--mantine-primary-color-filled']!;
    expect(contrastRatio(control, WHITE)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    // Mantine writes white on it without asking (a checked Chip, an Indicator).
    expect(variables['--mantine-primary-color-contrast']).toBe(WHITE);
    expect(contrastRatio(variables['--mantine-primary-color-contrast']!, control)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(variables['--mantine-primary-color-contrast']!, variables['--mantine-primary-color-filled-hover']!)).toBeGreaterThanOrEqual(
      TEXT_CONTRAST,
    );
  });

  it('secondary text, errors and placeholders read at 4.5:1 on white and on light grey', () => {
    const { variables } = variablesFor('#f5a623');
    for (const name of ['dimmed', 'error', 'placeholder']) {
      expect(contrastRatio(variables[`--mantine-color-${name}`]!, WHITE)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(contrastRatio(variables[`--mantine-color-${name}`]!, LIGHT_SURFACE)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  it('links use the readable shade of the company colour and are underlined', () => {
    const { variables } = variablesFor('#ffff00');
    expect(variables['--mantine-color-anchor']).toBe('var(--mantine-color-brand-text)');
    expect(mantineThemeFor({ primaryColor: '#ffff00', radiusPx: 0, logoUrl: '' }).components?.Anchor?.defaultProps).toMatchObject({ underline: 'always' });
  });

  it('names the icon-only buttons Mantine draws, and keeps a dialog header from being a second banner', () => {
    const components = mantineThemeFor({ primaryColor: '#f5a623', radiusPx: 8, logoUrl: '' }).components!;
    for (const name of ['Modal', 'Drawer']) {
      expect(components[name]?.defaultProps).toMatchObject({ closeButtonProps: { 'aria-label': 'Chiudi' }, attributes: { header: { role: 'presentation' } } });
    }
    expect(components.Notification?.defaultProps).toMatchObject({ closeButtonProps: { 'aria-label': 'Chiudi la notifica' } });
    expect(components.DatePickerInput?.defaultProps).toMatchObject({ clearButtonProps: { 'aria-label': 'Cancella la data' } });
    expect(components.ColorInput?.defaultProps).toMatchObject({ eyeDropperButtonProps: { 'aria-label': 'Prendi un colore dallo schermo' } });
  });

  it('paints buttons and badges in the company colour, not in the darker colour of the controls', () => {
    const components = mantineThemeFor({ primaryColor: '#f5a623', radiusPx: 8, logoUrl: '' }).components!;
    for (const name of ['Button', 'ActionIcon', 'Badge']) expect(components[name]?.defaultProps).toMatchObject({ color: 'brand' });
  });
});
