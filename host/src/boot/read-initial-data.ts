import { ERRORS } from '@incontra/contracts/errors';
import { INITIAL_DATA_ELEMENT_ID, initialShellDataSchema, type InitialShellData } from '@incontra/contracts/initial-data';

/** The company the API inlined into the page. Without it the shell cannot run: 'Company is null'. */
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
  return parsed.data;
}
