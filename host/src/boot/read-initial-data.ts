import { ERRORS } from '@incontra/contracts/errors';
import { INITIAL_DATA_ELEMENT_ID, initialShellDataSchema, inlinedPublicConfigSchema, type InitialShellData } from '@incontra/contracts/initial-data';

/**
 * The company the API inlined into the page. Without it the shell cannot run: 'Company is null'.
 * The visitor pages' public reads come with it; when they do not fit their schema they are left out
 * (the remotes then ask for them).
 */
export function readInitialData(doc: Document): InitialShellData {
  const text = doc.getElementById(INITIAL_DATA_ELEMENT_ID)?.textContent;
  if (!text) throw new Error(ERRORS.companyIsNull);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(ERRORS.companyIsNull);
  }
  const parsed = initialShellDataSchema.safeParse(json);
  if (!parsed.success) throw new Error(ERRORS.companyIsNull);
  const publicConfig = inlinedPublicConfigSchema.safeParse((json as { publicConfig?: unknown }).publicConfig);
  return publicConfig.success ? { ...parsed.data, publicConfig: publicConfig.data } : parsed.data;
}
