import type { RoomTranslation } from '@incontra/contracts/api/stores';
import type { TranslationKey } from '@incontra/contracts/api/translations';

/** A room's own texts, as GET /api/room/{id}/translations answers them. */
export function roomTexts(language: string, texts: Partial<Record<TranslationKey, string>>): RoomTranslation[] {
  return Object.entries(texts).map(([key, label]) => ({ key, label, language }));
}

/** The visitor's browser says `language` (e.g. 'de-DE') until the test ends. */
export function setBrowserLanguage(language: string): void {
  jest.spyOn(window.navigator, 'language', 'get').mockReturnValue(language);
}

/** The API's answer to a read that failed. */
export const SERVER_ERROR = { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } };
