import { z } from 'zod';
import { companyThemeSchema } from '../theme';

export const companySettingsSchema = z.object({
  welcomeTitle: z.string().optional(),
  privacyPolicyUrl: z.string().optional(),
});

/** What anybody on the company's host may read. */
export const publicCompanySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  primaryColor: z.string(),
  theme: companyThemeSchema,
  logo: z.string().nullable(),
  privacyPolicy: z.string().nullable(),
  tosPolicy: z.string().nullable(),
  wall: z.string().nullable(),
  settings: companySettingsSchema,
});
export type PublicCompany = z.infer<typeof publicCompanySchema>;
