/** The shape of companies.settings (jsonb), owned by the contract. */
export type { CompanySettings } from '@incontra/contracts/api/company';
