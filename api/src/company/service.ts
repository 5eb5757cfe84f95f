import type { PublicCompany } from '@incontra/contracts/api/company';
import type { CompanyUpdateBody } from '@incontra/contracts/api/company-management';
import { parseCompanySettings } from '@incontra/contracts/api/company';
import { IT } from '@incontra/contracts/messages/it';
import { IT_COMPANY } from '@incontra/contracts/messages/it-company';
import { recordActivity } from '../activity/activity-log';
import type { StaffContext } from '../auth/authenticate';
import type { Database } from '../db/database';
import { HttpError } from '../http/http-error';
import { storedRichText } from '../rich-text/sanitize';
import type { TenancyService } from '../tenancy/service';
import * as repository from './repository';

export const notFound = () => new HttpError(404, IT.errors.notFound);

/** The company's texts, each a column of its own. */
export type CompanyText = 'privacyPolicy' | 'tosPolicy' | 'wall';

const TEXT_SUMMARIES: Record<CompanyText, string> = {
  privacyPolicy: IT_COMPANY.activity.privacy,
  tosPolicy: IT_COMPANY.activity.terms,
  wall: IT_COMPANY.activity.wall,
};

/**
 * Changes to the company's data, look and texts. Rich texts are sanitised before they are stored;
 * every change is logged in its transaction, which marks the company changed: once committed, every
 * process drops it from its host cache, so that visitors see it at once.
 */
export class CompanyService {
  constructor(
    private readonly db: Database,
    private readonly tenancy: TenancyService,
  ) {}

  async update(staff: StaffContext, body: CompanyUpdateBody): Promise<PublicCompany> {
    const companyId = staff.company.id;
    const { welcomeTitle, bookingHorizonDays, bookingMinNoticeMinutes, bookingCancelCutoffMinutes, ...columns } = body;
    const changes: repository.CompanyChanges = withoutUndefined(columns);
    const bookingRules = withoutUndefined({ bookingHorizonDays, bookingMinNoticeMinutes, bookingCancelCutoffMinutes });
    const settingsChange = welcomeTitle !== undefined || Object.keys(bookingRules).length > 0;
    // An empty body changes nothing: nothing to log or to announce.
    if (Object.keys(changes).length > 0 || settingsChange) {
      await this.db.withTenant(companyId, async (tx) => {
        if (settingsChange) {
          const { welcomeTitle: previousTitle, ...settings } = parseCompanySettings(await repository.lockCompanySettings(tx, companyId));
          const title = welcomeTitle ?? previousTitle ?? '';
          changes.settings = { ...settings, ...bookingRules, ...(title === '' ? {} : { welcomeTitle: title }) };
        }
        await repository.updateCompany(tx, companyId, changes);
        await recordActivity(tx, companyId, staff.user, { action: 'update', entityType: 'company', entityId: companyId, summary: IT_COMPANY.activity.data });
      });
    }
    const company = await this.tenancy.loadCompany(companyId);
    if (!company) throw notFound();
    return company;
  }

  /** Stores the sanitised text (null when nothing is left of it) and answers it. */
  async setText(staff: StaffContext, text: CompanyText, html: string): Promise<string | null> {
    const companyId = staff.company.id;
    const stored = await storedRichText(html);
    await this.db.withTenant(companyId, async (tx) => {
      await repository.updateCompany(tx, companyId, { [text]: stored });
      await recordActivity(tx, companyId, staff.user, { action: 'update', entityType: 'company', entityId: companyId, summary: TEXT_SUMMARIES[text] });
    });
    return stored;
  }

  /** A store's wall (visitors read it through /api/config/store, which is not cached). */
  async setStoreWall(staff: StaffContext, storeId: string, html: string): Promise<string | null> {
    const companyId = staff.company.id;
    const stored = await storedRichText(html);
    await this.db.withTenant(companyId, async (tx) => {
      const name = await repository.updateStoreWall(tx, companyId, storeId, stored);
      if (name === null) throw notFound();
      await recordActivity(tx, companyId, staff.user, {
        action: 'update',
        entityType: 'store',
        entityId: storeId,
        summary: IT_COMPANY.activity.storeWall(name),
      });
    });
    return stored;
  }
}

function withoutUndefined<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}
