import * as z from 'zod/mini';
import { publicCompanySchema } from './api/company';

/** The JSON the API inlines into the shell HTML: the server-rendered company. */
export const INITIAL_DATA_ELEMENT_ID = 'incontra-initial-data';

export const initialShellDataSchema = z.object({
  host: z.string(),
  company: publicCompanySchema,
});
export type InitialShellData = z.infer<typeof initialShellDataSchema>;
