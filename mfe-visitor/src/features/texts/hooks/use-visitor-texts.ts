import { useQuery } from '@tanstack/react-query';
import type { TranslationKey } from '@incontra/contracts/api/translations';
import { primaryLanguageOf, roomTextOf } from '@incontra/contracts/first-paint';
import { IT } from '@incontra/contracts/messages/it';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { getRoomTranslationsQueryOptions, getStoreConfigQueryOptions } from '@incontra/mfe-kit/public-config';

/**
 * The catalogue's defaults (TRANSLATION_CATALOGUE, checked equal by the tests). The catalogue's
 * module also builds the back office's zod schemas: the shell does not provide it, so importing it
 * here would bring the welcome page a chunk of its own with a copy of zod.
 */
export const DEFAULT_TEXTS: Record<TranslationKey, string> = {
  title: IT.visitor.defaultWelcomeTitle,
  description: IT.visitor.chooseAction,
  join: IT.visitor.join,
  joinDescription: IT.visitor.joinDescription,
  book: IT.visitor.book,
  bookDescription: IT.visitor.bookDescription,
  liveTitle: IT.visitor.liveTitle,
  askName: IT.visitor.askName,
  waitingMessage: IT.visitor.waiting,
  bookingTitle: IT.visitor.bookingTitle,
};

export interface VisitorTexts {
  /** True when the texts are those the shell loaded with its `?store=`, before the page mounted. */
  fromShell: boolean;
  /**
   * True while another store's room texts are read: the page keeps what it showed before (its
   * first paint, a spinner) rather than painting a default it would swap under the visitor's eyes.
   */
  loading: boolean;
  /** The room's own text for `key`, null when it has none. */
  own(key: TranslationKey): string | null;
  /** What the visitor reads for `key`: the room's own text, else the default. */
  text(key: TranslationKey): string;
}

/**
 * The texts of the room the visitor deals with: the first room of `storeId`, the spec's rule for
 * `?store=`. The shell's store comes with its texts; another store's are read here, once, and a
 * failed read leaves the defaults. Italian is the product's language: the room's text in the
 * browser's language when it has one, else its Italian text, else the default.
 * `readOtherStores: false`: only the shell's texts count, another store's page shows the defaults
 * at once (the welcome page: two more reads one after the other held its actions back by seconds
 * on a phone — LCP 1.3 s became 4.7 s).
 */
export function useVisitorTexts(storeId: string | null, { readOtherStores = true }: { readOtherStores?: boolean } = {}): VisitorTexts {
  const { company, storeContext } = useMfeProps();
  const fromShell = storeId !== null && storeContext.store?.id === storeId;
  const store = useQuery({
    ...getStoreConfigQueryOptions(company.id, window.location.origin, storeId ?? ''),
    enabled: readOtherStores && storeId !== null && !fromShell,
    retry: false,
  });
  const roomId = fromShell || !readOtherStores ? null : (store.data?.rooms[0]?.id ?? null);
  const translations = useQuery({ ...getRoomTranslationsQueryOptions(company.id, window.location.origin, roomId ?? ''), enabled: roomId !== null });
  const rows = fromShell ? storeContext.translations : (translations.data ?? []);
  // The same choice as the API's first paint (Accept-Language there), so the heading does not change.
  const language = primaryLanguageOf(navigator.language);
  const own = (key: TranslationKey) => roomTextOf(rows, key, language);
  return {
    fromShell,
    loading: readOtherStores && (store.isLoading || translations.isLoading),
    own,
    text: (key) => own(key) ?? DEFAULT_TEXTS[key],
  };
}
