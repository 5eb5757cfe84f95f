/**
 * WCAG 2.1 contrast for the company's colour, whatever it is: a company may pick a pale yellow
 * or a dark navy, and text, badges, links and focus rings drawn from it must still be readable.
 * Colours are '#rrggbb' (or '#rgb'); anything else parses as the default yellow-orange.
 */

export type Rgb = readonly [number, number, number];

/** Normal text (1.4.3): 4.5:1. Large text and the parts of a control (1.4.11): 3:1. */
export const TEXT_CONTRAST = 4.5;
export const UI_CONTRAST = 3;

export const WHITE = '#ffffff';
export const BLACK = '#000000';
const FALLBACK: Rgb = [245, 166, 35];

export function parseHex(hex: string): Rgb {
  const clean = hex.trim().replace(/^#/, '');
  const full = clean.length === 3 ? [...clean].map((digit) => digit + digit).join('') : clean;
  if (!/^[0-9a-f]{6}$/i.test(full)) return FALLBACK;
  const value = Number.parseInt(full, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function toHex(rgb: readonly number[]): string {
  return `#${rgb
    .map((channel) =>
      Math.round(Math.min(255, Math.max(0, channel)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export function isHexColor(value: string): boolean {
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value.trim());
}

/** `hex` moved toward `target` (white or black) by `amount`, 0–1. */
export function mixHex(hex: string, target: string, amount: number): string {
  const from = parseHex(hex);
  const to = parseHex(target);
  return toHex(from.map((channel, index) => channel + (to[index]! - channel) * amount));
}

/** Relative luminance as WCAG defines it. */
export function luminance(hex: string): number {
  const [red, green, blue] = parseHex(hex).map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** Black or white, whichever reads better on `background` (one of them always reaches 4.58:1). */
export function inkOn(background: string): string {
  return contrastRatio(background, WHITE) >= contrastRatio(background, BLACK) ? WHITE : BLACK;
}

/**
 * `color` itself when it already reaches `minimum` on `background`, else the nearest shade of it
 * that does: darkened on a light background, lightened on a dark one, in small steps, ending at
 * black or white (which always pass on the backgrounds we use).
 */
export function readableShade(color: string, background: string, minimum = TEXT_CONTRAST): string {
  const target = inkOn(background);
  for (let step = 0; step <= 20; step += 1) {
    const candidate = mixHex(color, target, step / 20);
    if (contrastRatio(candidate, background) >= minimum) return candidate;
  }
  return target;
}
