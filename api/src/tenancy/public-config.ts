import type { PublicCompany } from '@incontra/contracts/api/company';
import type { CompanyConfig, RoomTranslation, StoreConfig } from '@incontra/contracts/api/stores';
import type { InlinedPublicConfig } from '@incontra/contracts/initial-data';
import type { CompanyCache } from '../cache/company-cache';
import { HttpError } from '../http/http-error';
import type { TenancyService } from './service';

/**
 * The visitor's public reads (the company's stores, a store with its rooms, a room's texts), kept
 * per company in the CompanyCache: every management write drops them (recordActivity marks the
 * company), here and in the other processes. Only what exists is kept: a read of an unknown id
 * fails, and failures are not kept.
 */
export class PublicConfigReads {
  private readonly tenancy: TenancyService;
  private readonly cache: CompanyCache;

  constructor({ tenancy, cache }: { tenancy: TenancyService; cache: CompanyCache }) {
    this.tenancy = tenancy;
    this.cache = cache;
  }

  companyConfig(company: PublicCompany): Promise<CompanyConfig> {
    return this.cache.read(company.id, 'public:company-config', () => this.tenancy.companyConfig(company));
  }

  storeConfig(companyId: string, storeId: string): Promise<StoreConfig> {
    return this.cache.read(companyId, `public:store:${storeId}`, () => this.tenancy.storeConfig(companyId, storeId));
  }

  roomTranslations(companyId: string, roomId: string): Promise<RoomTranslation[]> {
    return this.cache.read(companyId, `public:translations:${roomId}`, () => this.tenancy.roomTranslations(companyId, roomId));
  }

  /**
   * What a visitor page's first screen reads, inlined into the page: the company's stores, the
   * store of `?store=` (else the first) with its rooms, and its first room's texts. A store or a
   * room removed between two of these reads counts as absent.
   */
  async forVisitorPage(company: PublicCompany, search: string): Promise<InlinedPublicConfig> {
    const companyConfig = await this.companyConfig(company);
    const requested = new URLSearchParams(search).get('store');
    const storeId = requested === null ? companyConfig.stores[0]?.id : companyConfig.stores.find((store) => store.id === requested)?.id;
    const store = storeId === undefined ? null : await this.storeConfig(company.id, storeId).catch(absentOn404);
    const firstRoom = store?.rooms[0];
    const translations = firstRoom ? ((await this.roomTranslations(company.id, firstRoom.id).catch(absentOn404)) ?? []) : [];
    return { companyConfig, store, translations };
  }
}

function absentOn404(error: unknown): null {
  if (error instanceof HttpError && error.statusCode === 404) return null;
  throw error;
}
