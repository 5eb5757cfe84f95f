import type { RoomTranslation } from '@incontra/contracts/api/stores';
import { TRANSLATION_CATALOGUE, type TranslationKey, type TranslationLanguage } from '@incontra/contracts/api/translations';
import { IT } from '@incontra/contracts/messages/it';
import { IT_TRANSLATIONS } from '@incontra/contracts/messages/it-translations';
import { recordActivity } from '../activity/activity-log';
import type { StaffContext } from '../auth/authenticate';
import type { Database, Tx } from '../db/database';
import { HttpError } from '../http/http-error';
import { servesRoom } from '../tenancy/store-scope';
import * as repository from './repository';

export interface TranslationTarget {
  roomId: string;
  language: TranslationLanguage;
  key: TranslationKey;
}

const notFound = () => new HttpError(404, IT.errors.notFound);

/** The activity line's words: what the text is, the language by its Italian name, the room. */
const activityWords = (target: TranslationTarget, room: string) =>
  [TRANSLATION_CATALOGUE[target.key].description, IT_TRANSLATIONS.languages[target.language].toLowerCase(), room] as const;

/** A room's own texts: admins for every room, operators for the rooms of the stores they serve. */
export class TranslationsService {
  constructor(private readonly db: Database) {}

  save(staff: StaffContext, target: TranslationTarget, label: string): Promise<RoomTranslation> {
    const companyId = staff.company.id;
    return this.db.withTenant(companyId, async (tx) => {
      const room = await this.requireRoom(tx, staff, target.roomId);
      const saved = await repository.upsertTranslation(tx, companyId, { roomId: target.roomId, key: target.key, language: target.language, label });
      await recordActivity(tx, companyId, staff.user, {
        action: 'update',
        entityType: 'translation',
        entityId: target.roomId,
        summary: IT_TRANSLATIONS.activity.saved(...activityWords(target, room)),
      });
      return saved;
    });
  }

  /** Back to the default; resetting a key the room never changed changes (and records) nothing. */
  reset(staff: StaffContext, target: TranslationTarget): Promise<void> {
    const companyId = staff.company.id;
    return this.db.withTenant(companyId, async (tx) => {
      const room = await this.requireRoom(tx, staff, target.roomId);
      if (!(await repository.deleteTranslation(tx, companyId, target))) return;
      await recordActivity(tx, companyId, staff.user, {
        action: 'delete',
        entityType: 'translation',
        entityId: target.roomId,
        summary: IT_TRANSLATIONS.activity.reset(...activityWords(target, room)),
      });
    });
  }

  /** The room's name; another company's room, or one of a store the operator does not serve, is not found. */
  private async requireRoom(tx: Tx, staff: StaffContext, roomId: string): Promise<string> {
    const companyId = staff.company.id;
    if (!(await servesRoom(tx, companyId, staff.user.id, roomId))) throw notFound();
    const name = await repository.findRoomName(tx, companyId, roomId);
    if (name === null) throw notFound();
    return name;
  }
}
