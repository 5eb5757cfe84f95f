import type { PublicCompany } from '@incontra/contracts/api/company';
import type { CompanyConfig, RoomTranslation, StoreConfig } from '@incontra/contracts/api/stores';
import { ERRORS } from '@incontra/contracts/errors';
import { IT } from '@incontra/contracts/messages/it';
import type { Clock } from '../common/clock';
import type { Database } from '../db/database';
import { HttpError } from '../http/http-error';
import * as repository from './repository';
import { TtlCache } from '../cache/ttl-cache';
import { readLockout } from '../billing/facade';
import { readPublicCompany } from '../company/facade';
import { listStoreTopics } from '../stores/facade';

/**
 * Host lookups are the hottest read of the product (every page and most calls start with one):
 * they are kept a few seconds in process. A committed change of a company drops it in every
 * process (the tenancy plugin connects `dropCompany` and `forget` to CompanyChanges).
 */
const HOST_CACHE_TTL_MS = 5_000;
const HOST_CACHE_MAX_ENTRIES = 1_000;

interface HostEntry {
  company: PublicCompany;
  /** When time alone flips the company's lockout (a trial's end): the entry is not kept past it. */
  changesAt: Date | null;
  json: string;
  /** The invalidation count when its load began: an entry loaded before its company changed is stale. */
  generation: number;
}

export const companyNotFound = () => new HttpError(404, ERRORS.companyNotFound);
const notFound = () => new HttpError(404, IT.errors.notFound);

export class TenancyService {
  /** The company and its JSON, serialised once: GET /api/company/{host} sends the string as is. */
  private readonly byHost: TtlCache<HostEntry | null>;
  /*
   * Invalidations are counted; each company remembers the count of its last. An entry is stale when
   * it was loaded before its company's last change — also when the load raced the change.
   */
  private generation = 0;
  private readonly changedAt = new Map<string, number>();

  private readonly db: Database;
  private readonly clock: Clock;

  constructor({ db, clock }: { db: Database; clock: Clock }) {
    this.db = db;
    this.clock = clock;
    this.byHost = new TtlCache({ ttlMs: HOST_CACHE_TTL_MS, maxEntries: HOST_CACHE_MAX_ENTRIES, now: () => clock().getTime() });
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

  /** The same, for GET /api/company/{id}: only the host's own company is found by its id. */
  async requireCompanyJsonById(host: string | null, companyId: string): Promise<string> {
    const entry = await this.entryByHost(host);
    if (!entry || entry.company.id !== companyId.toLowerCase()) throw companyNotFound();
    return entry.json;
  }

  /** Drops every cached host (after a lost broker connection: invalidations may have been missed). */
  forget(): void {
    this.generation += 1;
    this.byHost.clear();
  }

  /** Drops the cached hosts of one company, in this process. */
  dropCompany(companyId: string): void {
    this.generation += 1;
    this.changedAt.set(companyId, this.generation);
  }

  async companyConfig(company: PublicCompany): Promise<CompanyConfig> {
    const stores = await this.db.withTenant(company.id, (tx) => repository.listStores(tx, company.id));
    return { id: company.id, name: company.name, stores };
  }

  /** A store of this company with its rooms; another company's store is simply not found. */
  async storeConfig(companyId: string, storeId: string): Promise<StoreConfig> {
    return this.db.withTenant(companyId, async (tx) => {
      const store = await repository.findStore(tx, companyId, storeId);
      if (!store) throw notFound();
      const rooms = await repository.listRooms(tx, companyId, storeId);
      return { ...store, rooms, topics: await listStoreTopics(tx, companyId, storeId) };
    });
  }

  async roomTranslations(companyId: string, roomId: string): Promise<RoomTranslation[]> {
    return this.db.withTenant(companyId, async (tx) => {
      if (!(await repository.roomExists(tx, companyId, roomId))) throw notFound();
      return repository.listRoomTranslations(tx, companyId, roomId);
    });
  }

  /** The company as visitors see it, read afresh (after a write, say). */
  async loadCompany(companyId: string): Promise<PublicCompany | null> {
    return (await this.loadCompanyWithLockout(companyId))?.company ?? null;
  }

  /**
   * The company with its lockout (billing's facade: `serviceSuspended`), read in one transaction
   * at the clock's now, and when time alone would change that answer.
   */
  private loadCompanyWithLockout(companyId: string): Promise<{ company: PublicCompany; changesAt: Date | null } | null> {
    const now = this.clock();
    return this.db.withTenant(companyId, async (tx) => {
      const company = await readPublicCompany(tx, companyId);
      if (!company) return null;
      const lockout = await readLockout(tx, companyId, now);
      return { company: { ...company, serviceSuspended: lockout.billingOnly }, changesAt: lockout.changesAt };
    });
  }

  private async entryByHost(host: string | null): Promise<HostEntry | null> {
    if (!host) return null;
    const cached = this.byHost.get(host);
    if (cached !== undefined && (cached === null || !this.isStale(cached))) return cached;
    const generation = this.generation;
    const loaded = await this.loadCompanyByHost(host);
    const entry = loaded ? { ...loaded, json: JSON.stringify(loaded.company), generation } : null;
    // Kept its TTL, or less when the lockout flips sooner by time alone (a trial ending).
    const expiresAt = Math.min(this.clock().getTime() + HOST_CACHE_TTL_MS, loaded?.changesAt?.getTime() ?? Infinity);
    this.byHost.set(host, entry, expiresAt);
    return entry;
  }

  private isStale(entry: HostEntry): boolean {
    return entry.generation < (this.changedAt.get(entry.company.id) ?? 0);
  }

  private async loadCompanyByHost(host: string): Promise<{ company: PublicCompany; changesAt: Date | null } | null> {
    const companyId = await this.db.withoutTenant((tx) => repository.findCompanyIdByHost(tx, host));
    return companyId ? this.loadCompanyWithLockout(companyId) : null;
  }
}
