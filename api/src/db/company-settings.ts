import type { z } from 'zod';
import type { companySettingsSchema } from '@incontra/contracts/api/company';

/** The shape of companies.settings (jsonb), owned by the contract. */
export type CompanySettings = z.infer<typeof companySettingsSchema>;
