import { asc } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { companyHosts } from '../db/schema';

/**
 * Every company with a host (the public routing table, readable without a tenant): what the
 * periodic sweeps walk through, one tenant transaction per company.
 */
export async function listHostedCompanyIds(tx: Tx): Promise<string[]> {
  const rows = await tx.selectDistinct({ companyId: companyHosts.companyId }).from(companyHosts).orderBy(asc(companyHosts.companyId));
  return rows.map((row) => row.companyId);
}
