import * as z from 'zod/mini';
import { companyThemeSchema } from '../theme';

export const companySettingsSchema = z.object({
  welcomeTitle: z.optional(z.string()),
  privacyPolicyUrl: z.optional(z.string()),
  /** Live visitors prove their phone number by SMS before staff see them (a store may override). */
  requirePhoneVerification: z.optional(z.boolean()),
});

/** What anybody on the company's host may read. */
export const publicCompanySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  primaryColor: z.string(),
  theme: companyThemeSchema,
  logo: z.nullable(z.string()),
  privacyPolicy: z.nullable(z.string()),
  tosPolicy: z.nullable(z.string()),
  wall: z.nullable(z.string()),
  settings: companySettingsSchema,
});
export type PublicCompany = z.infer<typeof publicCompanySchema>;
