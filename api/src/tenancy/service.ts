import { idSchema } from '@incontra/contracts/api/common';
import { parseCompanySettings, type PublicCompany } from '@incontra/contracts/api/company';
import type { CompanyConfig, RoomTranslation, StoreConfig } from '@incontra/contracts/api/stores';
import { ERRORS } from '@incontra/contracts/errors';
import { IT } from '@incontra/contracts/messages/it';
import { normalizeTheme } from '@incontra/contracts/theme';
import type { Clock } from '../common/clock';
import type { Database } from '../db/database';
import { HttpError } from '../http/http-error';
import * as repository from './repository';
import { TtlCache } from '../cache/ttl-cache';

/**
 * Host lookups are the hottest read of the product (every page and most calls start with one):
 * they are kept a few seconds in process. Writes to a company must call `forget()`.
 */
const HOST_CACHE_TTL_MS = 5_000;
const HOST_CACHE_MAX_ENTRIES = 1_000;

export const companyNotFound = () => new HttpError(404, ERRORS.companyNotFound);
const notFound = () => new HttpError(404, IT.errors.notFound);

export class TenancyService {
  /** The company and its JSON, serialised once: GET /api/company/{host} sends the string as is. */
  private readonly byHost: TtlCache<{ company: PublicCompany; json: string } | null>;

  constructor(
    private readonly db: Database,
    clock: Clock,
  ) {
    this.byHost = new TtlCache(HOST_CACHE_TTL_MS, HOST_CACHE_MAX_ENTRIES, () => clock().getTime());
  }

  async companyByHost(host: string | null): Promise<PublicCompany | null> {
    return (await this.entryByHost(host))?.company ?? null;
  }

  async requireCompanyByHost(host: string | null): Promise<PublicCompany> {
    const company = await this.companyByHost(host);
    if (!company) throw companyNotFound();
    return company;
  }

  /** The PublicCompany of the host as JSON text, or 404. */
  async requireCompanyJsonByHost(host: string | null): Promise<string> {
    const entry = await this.entryByHost(host);
    if (!entry) throw companyNotFound();
    return entry.json;
  }

  forget(): void {
    this.byHost.clear();
  }

  async companyConfig(company: PublicCompany): Promise<CompanyConfig> {
    const stores = await this.db.withTenant(company.id, (tx) => repository.listStores(tx, company.id));
    return { id: company.id, name: company.name, stores };
  }

  /** A store of this company with its rooms; another company's store is simply not found. */
  async storeConfig(companyId: string, storeId: string): Promise<StoreConfig> {
    if (!idSchema.safeParse(storeId).success) throw notFound();
    return this.db.withTenant(companyId, async (tx) => {
      const store = await repository.findStore(tx, companyId, storeId);
      if (!store) throw notFound();
      return { ...store, rooms: await repository.listRooms(tx, companyId, storeId) };
    });
  }

  async roomTranslations(companyId: string, roomId: string): Promise<RoomTranslation[]> {
    if (!idSchema.safeParse(roomId).success) throw notFound();
    return this.db.withTenant(companyId, async (tx) => {
      if (!(await repository.roomExists(tx, companyId, roomId))) throw notFound();
      return repository.listRoomTranslations(tx, companyId, roomId);
    });
  }

  private async entryByHost(host: string | null) {
    if (!host) return null;
    const cached = this.byHost.get(host);
    if (cached !== undefined) return cached;
    const company = await this.loadCompanyByHost(host);
    const entry = company ? { company, json: JSON.stringify(company) } : null;
    this.byHost.set(host, entry);
    return entry;
  }

  private async loadCompanyByHost(host: string): Promise<PublicCompany | null> {
    const companyId = await this.db.withoutTenant((tx) => repository.findCompanyIdByHost(tx, host));
    if (!companyId) return null;
    const row = await this.db.withTenant(companyId, (tx) => repository.findCompany(tx, companyId));
    if (!row) return null;
    return { ...row, theme: normalizeTheme(row.theme), settings: parseCompanySettings(row.settings) };
  }
}
