import * as z from 'zod/mini';
import { IT } from '../messages/it';
import { idParam } from './common';
import { IT_TRANSLATIONS } from '../messages/it-translations';

/*
 * A room's own wording of the texts its visitors read (POST and DELETE
 * /api/room/{id}/translations/{lang}[/{key}]; the public read is GET /api/room/{id}/translations,
 * in ./stores). A key the room has not translated shows its default, the Italian text below.
 */

export const TRANSLATION_LANGUAGES = ['it', 'en', 'de', 'fr', 'es'] as const;
export const translationLanguageSchema = z.enum(TRANSLATION_LANGUAGES, { error: IT_TRANSLATIONS.validation.languageInvalid });
export type TranslationLanguage = z.infer<typeof translationLanguageSchema>;

export const TRANSLATION_LABEL_MAX = 500;

export interface TranslationKeyInfo {
  /** What the text is, for whoever edits it. */
  description: string;
  /** What visitors read when the room has no text of its own. */
  defaultText: string;
}

/**
 * Every text a room may word its own way. `title`, `description` and `waitingMessage` are the
 * keys the demo rooms already carry; the others are the welcome and live pages' own words.
 */
export const TRANSLATION_CATALOGUE = {
  title: { description: 'Titolo della pagina di benvenuto', defaultText: IT.visitor.defaultWelcomeTitle },
  description: { description: 'Testo sotto il titolo di benvenuto', defaultText: IT.visitor.chooseAction },
  join: { description: 'Pulsante per parlare subito con un incaricato', defaultText: IT.visitor.join },
  joinDescription: { description: 'Spiegazione del pulsante «Partecipa»', defaultText: IT.visitor.joinDescription },
  book: { description: 'Pulsante per prenotare un appuntamento', defaultText: IT.visitor.book },
  bookDescription: { description: 'Spiegazione del pulsante «Prenota»', defaultText: IT.visitor.bookDescription },
  liveTitle: { description: 'Titolo della pagina di accesso in diretta', defaultText: IT.visitor.liveTitle },
  askName: { description: 'Richiesta del nome al visitatore', defaultText: IT.visitor.askName },
  waitingMessage: { description: 'Messaggio durante l’attesa di un incaricato', defaultText: IT.visitor.waiting },
  bookingTitle: { description: 'Titolo della pagina di prenotazione', defaultText: IT.visitor.bookingTitle },
} as const satisfies Record<string, TranslationKeyInfo>;

export type TranslationKey = keyof typeof TRANSLATION_CATALOGUE;
export const TRANSLATION_KEYS = Object.keys(TRANSLATION_CATALOGUE) as [TranslationKey, ...TranslationKey[]];
export const translationKeySchema = z.enum(TRANSLATION_KEYS, { error: IT_TRANSLATIONS.validation.keyInvalid });

/** What the room shows for a key in a language: its own text, else the default. */
export function translatedText(
  translations: readonly { key: string; label: string; language: string }[],
  key: TranslationKey,
  language: TranslationLanguage,
): string {
  return translations.find((row) => row.key === key && row.language === language)?.label ?? TRANSLATION_CATALOGUE[key].defaultText;
}

/** The room's id: a malformed one is not found, like an unknown one. */
const roomIdParam = idParam(IT.errors.notFound);
export const translationParamsSchema = z.object({ id: roomIdParam, lang: translationLanguageSchema });
export const translationKeyParamsSchema = z.object({ id: roomIdParam, lang: translationLanguageSchema, key: translationKeySchema });

/** POST /api/room/{id}/translations/{lang}: the room's text for a key (trimmed). */
export const translationBodySchema = z.object({
  key: translationKeySchema,
  label: z
    .string({ error: IT_TRANSLATIONS.validation.labelInvalid })
    .check(z.trim(), z.minLength(1, IT_TRANSLATIONS.validation.labelInvalid), z.maxLength(TRANSLATION_LABEL_MAX, IT_TRANSLATIONS.validation.labelInvalid)),
});
export type TranslationBody = z.input<typeof translationBodySchema>;
