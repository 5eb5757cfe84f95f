import type { MantineColorsTuple, MantineThemeOverride } from '@mantine/core';
import { BREAKPOINTS } from './constants';
import { THEME_COLORS } from './theme';
import type { ShellTheme } from './mfe';

function parseHex(hex: string): [number, number, number] {
  const clean = hex.replace('#', '');
  const full =
    clean.length === 3
      ? clean
          .split('')
          .map((c) => c + c)
          .join('')
      : clean.padEnd(6, '0').slice(0, 6);
  const value = Number.parseInt(full, 16);
  return Number.isNaN(value) ? [245, 166, 35] : [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: number[]): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function mix(rgb: number[], target: number, amount: number): string {
  return toHex(rgb.map((c) => c + (target - c) * amount));
}

/** Ten shades around the company colour, index 6 being the colour itself (Mantine's primary shade). */
export function shadesOf(hex: string): MantineColorsTuple {
  const rgb = parseHex(hex);
  const lighter = [0.9, 0.78, 0.64, 0.5, 0.34, 0.18].map((amount) => mix(rgb, 255, amount));
  const darker = [0.15, 0.3, 0.45].map((amount) => mix(rgb, 0, amount));
  return [...lighter, toHex(rgb), ...darker] as unknown as MantineColorsTuple;
}

const em = (px: number) => `${px / 16}em`;

/** The Mantine theme of a company: the shell and every remote build the same one. */
export function mantineThemeFor(theme: ShellTheme): MantineThemeOverride {
  return {
    primaryColor: 'brand',
    primaryShade: 6,
    // Company colours range from pale yellow to dark blue: filled surfaces pick black or white text.
    autoContrast: true,
    colors: {
      brand: shadesOf(theme.primaryColor),
      decline: shadesOf(THEME_COLORS.decline),
    },
    defaultRadius: `${theme.radiusPx}px`,
    components: {
      // Text links in the company colour itself would be too pale on white for light colours.
      Anchor: { defaultProps: { c: 'brand.9' } },
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
