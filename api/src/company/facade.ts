import { parseCompanySettings, type PublicCompany } from '@incontra/contracts/api/company';
import { normalizeTheme } from '@incontra/contracts/theme';
import type { Tx } from '../db/database';
import { findPublicCompanyRow } from './repository';

/*
 * What other domains may read of the company, inside their own transaction: a domain calls
 * another's facade, never its repository (eslint.config.mjs).
 */

/** The company as visitors see it (theme normalised, settings parsed), or null. */
export async function readPublicCompany(tx: Tx, companyId: string): Promise<PublicCompany | null> {
  const row = await findPublicCompanyRow(tx, companyId);
  return row ? { ...row, theme: normalizeTheme(row.theme), settings: parseCompanySettings(row.settings) } : null;
}
