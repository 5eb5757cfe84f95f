import type { CSSVariablesResolver, MantineColorsTuple, MantineTheme, MantineThemeOverride } from '@mantine/core';
import { BLACK, inkOn, mixHex, parseHex, readableShade, TEXT_CONTRAST, toHex, WHITE } from './color-contrast';
import { BREAKPOINTS } from './constants';
import { IT_ACCESSIBILITY } from './messages/it-accessibility';
import { THEME_COLORS } from './theme';
import type { ShellTheme } from './mfe';

function mix(rgb: readonly number[], target: number, amount: number): string {
  return toHex(rgb.map((c) => c + (target - c) * amount));
}

/** Ten shades around the company colour, index 6 being the colour itself (Mantine's primary shade). */
export function shadesOf(hex: string): MantineColorsTuple {
  const rgb = parseHex(hex);
  const lighter = [0.9, 0.78, 0.64, 0.5, 0.34, 0.18].map((amount) => mix(rgb, 255, amount));
  const darker = [0.15, 0.3, 0.45].map((amount) => mix(rgb, 0, amount));
  return [...lighter, toHex(rgb), ...darker] as unknown as MantineColorsTuple;
}

/** @mantine/dates' fields with a clear button (named here: the theme does not import that package). */
const DATE_INPUTS = ['DateInput', 'DatePickerInput', 'DateTimePicker', 'MonthPickerInput', 'YearPickerInput'] as const;

const DIALOG_ATTRIBUTES = { header: { role: 'presentation' } };

const em = (px: number) => `${px / 16}em`;

/** The Mantine theme of a company: the shell and every remote build the same one. */
export function mantineThemeFor(theme: ShellTheme): MantineThemeOverride {
  return {
    primaryColor: 'brand',
    primaryShade: 6,
    // Company colours range from pale yellow to dark blue: filled surfaces pick black or white text,
    // and 0.179 is the luminance where both read equally well (Mantine's 0.3 put white on #fa5252).
    autoContrast: true,
    luminanceThreshold: 0.179,
    colors: {
      brand: shadesOf(theme.primaryColor),
      decline: shadesOf(THEME_COLORS.decline),
    },
    defaultRadius: `${theme.radiusPx}px`,
    components: {
      // Links read in the company colour darkened to 4.5:1 (--mantine-color-anchor below), and are
      // underlined: inside a sentence colour alone does not tell them from the text around.
      Anchor: { defaultProps: { c: 'var(--mantine-color-anchor)', underline: 'always' } },
      // Filled buttons and badges in the company colour itself, with black or white text by auto
      // contrast. Without a colour Mantine paints them in --mantine-primary-color-filled, which
      // cssVariablesFor darkens for the controls that put white on it (chips, checkboxes, switches).
      Button: { defaultProps: { color: 'brand' } },
      ActionIcon: { defaultProps: { color: 'brand' } },
      Badge: { defaultProps: { color: 'brand' } },
      // Buttons drawn as an icon alone get a name screen readers can say.
      // A dialog's <header> is not the page's banner (Mantine's dialog is a section given role
      // dialog, which does not scope a header): two banners on one page otherwise.
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': IT_ACCESSIBILITY.close }, attributes: DIALOG_ATTRIBUTES } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': IT_ACCESSIBILITY.close }, attributes: DIALOG_ATTRIBUTES } },
      // The same dialogs built from their parts (Modal.Root, Drawer.Root).
      ModalRoot: { defaultProps: { attributes: DIALOG_ATTRIBUTES } },
      DrawerRoot: { defaultProps: { attributes: DIALOG_ATTRIBUTES } },
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': IT_ACCESSIBILITY.closeNotification } } },
      ColorInput: { defaultProps: { eyeDropperButtonProps: { 'aria-label': IT_ACCESSIBILITY.eyeDropper } } },
      ...Object.fromEntries(DATE_INPUTS.map((name) => [name, { defaultProps: { clearButtonProps: { 'aria-label': IT_ACCESSIBILITY.clearDate } } }])),
    },
    breakpoints: {
      xs: em(BREAKPOINTS.phone),
      sm: em(BREAKPOINTS.tablet),
      md: em(BREAKPOINTS.laptop),
      lg: em(BREAKPOINTS.desktop),
      xl: em(BREAKPOINTS.desktopLarge),
    },
  };
}

/** Grey for secondary text: 6.1:1 on white, 5.5:1 on LIGHT_SURFACE (Mantine's #868e96 is 3.3:1 on white). */
export const DIMMED_TEXT = '#5c636a';
/** Input errors: Mantine's red.6 is 3.3:1 on white; this one 5.5:1, 4.9:1 on LIGHT_SURFACE. */
export const ERROR_TEXT = '#c92a2a';
/** Placeholders stay lighter than typed text but readable: 5.1:1 on white, 4.6:1 on LIGHT_SURFACE. */
export const PLACEHOLDER_TEXT = '#676e75';

/**
 * The darkest of the light greys text sits on (Mantine's gray.1: striped and hovered table rows,
 * cards, panels): text colours checked on it read on white too.
 */
export const LIGHT_SURFACE = '#f1f3f5';

/**
 * The colours Mantine derives from each palette for text, made readable whatever the palette:
 * text and outlines on white, the light variant's text on its tinted background (and on its hover
 * tint), a filled surface's hover that keeps its black or white text readable.
 */
function readablePaletteVariables(name: string, shades: readonly string[], shade: number): Record<string, string> {
  const filled = shades[shade]!;
  const ink = inkOn(filled);
  const lightHover = shades[2]!;
  return {
    [`--mantine-color-${name}-text`]: readableShade(filled, LIGHT_SURFACE),
    [`--mantine-color-${name}-outline`]: readableShade(filled, LIGHT_SURFACE),
    // Checked against the darker of the two tints, so it holds on hover too.
    [`--mantine-color-${name}-light-color`]: readableShade(shades[9]!, lightHover),
    [`--mantine-color-${name}-filled-hover`]: mixHex(filled, ink === WHITE ? BLACK : WHITE, 0.15),
  };
}

/**
 * Mantine's CSS variables with WCAG 2.1 AA contrast for any company colour. The company colour
 * itself stays on filled surfaces (buttons, the welcome cards) with black or white text; the
 * primary colour of controls (focus rings, checked boxes and chips, active tabs, input borders on
 * focus) is that colour darkened to 4.5:1 on white, so white text on it reads too.
 */
export const cssVariablesFor: CSSVariablesResolver = (theme: MantineTheme) => {
  const shade = typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade.light;
  const palettes = Object.entries(theme.colors).filter(([, shades]) => Array.isArray(shades) && shades.length === 10);
  // 4.5:1, not just the 3:1 a ring needs: Mantine writes white text on this colour in places
  // (checked chips, indicators), and white reaches 4.5:1 on anything that reaches it on white.
  const control = readableShade(theme.colors[theme.primaryColor]![shade]!, WHITE, TEXT_CONTRAST);
  const light: Record<string, string> = {
    '--mantine-color-dimmed': DIMMED_TEXT,
    '--mantine-color-error': ERROR_TEXT,
    '--mantine-color-placeholder': PLACEHOLDER_TEXT,
    '--mantine-color-anchor': `var(--mantine-color-${theme.primaryColor}-text)`,
    '--mantine-primary-color-contrast': WHITE,
  };
  for (const [name, shades] of palettes) Object.assign(light, readablePaletteVariables(name, shades, shade));
  return {
    variables: {
      '--mantine-primary-color-filled': control,
      '--mantine-primary-color-filled-hover': mixHex(control, BLACK, 0.15),
    },
    light,
    dark: {},
  };
};
