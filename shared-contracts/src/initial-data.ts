import * as z from 'zod/mini';
import { publicCompanySchema } from './api/company';
import { companyConfigSchema, roomTranslationsSchema, storeConfigSchema } from './api/stores';

/** The JSON the API inlines into the shell HTML: the server-rendered company. */
export const INITIAL_DATA_ELEMENT_ID = 'incontra-initial-data';

/**
 * The visitor's public reads, answered with a visitor page so that its first screen needs no round
 * trip: the company's stores, the store the page is about (the one of `?store=`, else the first)
 * with its rooms, and the texts of that store's first room — the same answers as
 * GET /api/config/company, GET /api/config/store/{id} and GET /api/room/{id}/translations.
 */
export const inlinedPublicConfigSchema = z.object({
  companyConfig: companyConfigSchema,
  /** Null when the company has no store, or `?store=` names none of its stores. */
  store: z.nullable(storeConfigSchema),
  /** The store's first room's texts (none without a store or a room). */
  translations: roomTranslationsSchema,
});
export type InlinedPublicConfig = z.infer<typeof inlinedPublicConfigSchema>;

/** What every shell needs: the page's host and its company. Keys it does not know are dropped. */
export const initialShellDataSchema = z.object({
  host: z.string(),
  company: publicCompanySchema,
});

/**
 * What the API writes. `publicConfig` only on visitor pages; a shell reads it on its own
 * (`inlinedPublicConfigSchema`), so that a malformed one costs only the round trips it would have
 * saved, and a shell that does not know it ignores it.
 */
export type InitialShellData = z.infer<typeof initialShellDataSchema> & { publicConfig?: InlinedPublicConfig };
