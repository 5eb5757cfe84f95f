import * as z from 'zod/mini';

export const COMPANY_THEMES = ['easy', 'modern', 'elegant'] as const;
export const companyThemeSchema = z.enum(COMPANY_THEMES);
export type CompanyTheme = z.infer<typeof companyThemeSchema>;

/** The spec's main colour (yellow-orange), used when a company sets none. */
export const DEFAULT_PRIMARY_COLOR = '#f5a623';
export const DEFAULT_LOGO_URL = '/shell/default-logo.svg';

export const THEME_COLORS = {
  error: '#e03131',
  success: '#2f9e44',
  warning: '#f08c00',
  info: '#1c7ed6',
  decline: '#868e96',
} as const;

/** Any value other than the three known themes behaves as the default, easy. */
export function normalizeTheme(value: string | null | undefined): CompanyTheme {
  return companyThemeSchema.safeParse(value).success ? (value as CompanyTheme) : 'easy';
}

const RADIUS_PX: Record<CompanyTheme, number> = { easy: 8, modern: 16, elegant: 0 };

export function themeRadiusPx(theme: string | null | undefined): number {
  return RADIUS_PX[normalizeTheme(theme)];
}

export interface CompanyLook {
  primaryColor: string | null;
  theme: string | null;
  logo: string | null;
}

/** The look every app applies: colour, corner radius, logo with its default. */
export function shellThemeFor(company: CompanyLook): { primaryColor: string; radiusPx: number; logoUrl: string } {
  return {
    primaryColor: company.primaryColor || DEFAULT_PRIMARY_COLOR,
    radiusPx: themeRadiusPx(company.theme),
    logoUrl: company.logo || DEFAULT_LOGO_URL,
  };
}
