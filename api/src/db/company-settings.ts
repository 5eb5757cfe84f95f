import type * as z from 'zod/mini';
import type { companySettingsSchema } from '@incontra/contracts/api/company';

/** The shape of companies.settings (jsonb), owned by the contract. */
export type CompanySettings = z.infer<typeof companySettingsSchema>;
