import type { PublicCompany } from './api/company';
import { INVITATION_PARAM, RESERVATION_PARAM } from './api/join-requests';
import type { RoomTranslation } from './api/stores';
import type { TranslationKey } from './api/translations';
import { IT } from './messages/it';
import { remoteForPath, ROUTES } from './routes';
import { hasRichText } from './visitor-texts';

/**
 * The first paint: what a visitor page shows before any script has run. The API writes it into
 * the shell page from the company it inlines (the company's frame, and the page's heading where
 * the route alone decides it), the shell takes it away once the page's remote has mounted. On a
 * phone on a slow network that is the difference between reading the page at once and staring at
 * white while the libraries arrive.
 */
export const FIRST_PAINT_ELEMENT_ID = 'incontra-first-paint';
/** The cookie banner as first painted (shown by a few inline lines when consent is not stored). */
export const FIRST_PAINT_CONSENT_ELEMENT_ID = 'incontra-first-paint-consent';

/** The welcome page's heading: the company's own, or '… ti dà il benvenuto'. */
export function welcomeTitleOf(company: Pick<PublicCompany, 'name' | 'settings'>): string {
  return company.settings.welcomeTitle?.trim() || IT.visitor.welcomeTitleFor(company.name);
}

export interface FirstPaint {
  /** The page's heading, or null where the page decides it only once it runs. */
  heading: string | null;
  /** How the visitor page lays its heading out: the welcome page centres it, the live steps do not. */
  layout: 'welcome' | 'step';
  /**
   * The company's wall (stored sanitised HTML) on the welcome page, right under the heading where
   * the remote shows it too: often the largest thing on the page, it is painted with the first
   * bytes instead of seconds later. Null elsewhere, and when the company wrote none.
   */
  wall: string | null;
}

type FirstPaintCompany = Pick<PublicCompany, 'name' | 'settings' | 'wall'>;

/** 'en-GB' → 'en': the language a room's texts are chosen by (the browser's, or Accept-Language's first). */
export function primaryLanguageOf(tag: string | null | undefined): string {
  return (
    (tag ?? '')
      .trim()
      .toLowerCase()
      .split(/[-_;,]/)[0] ?? ''
  );
}

/** A room's own text for `key`: in `language` when it has one, else its Italian one, else null. */
export function roomTextOf(rows: readonly RoomTranslation[], key: TranslationKey, language: string): string | null {
  const rowText = (lang: string) => rows.find((row) => row.key === key && row.language === lang)?.label ?? null;
  return rowText(language) ?? rowText('it');
}

/** The room texts the page was served with: those of `storeId`'s first room (null: none inlined). */
export interface FirstPaintRoomTexts {
  storeId: string | null;
  translations: readonly RoomTranslation[];
  language: string;
}

const NO_ROOM_TEXTS: FirstPaintRoomTexts = { storeId: null, translations: [], language: '' };

/**
 * What the first paint of `pathname?search` shows; null for pages outside the visitor's frame.
 * The heading is the one the page will render, by the page's own rules: on the welcome page the
 * `?store=` room's own title (the shell's store only), on the live flow the page's store's room's
 * live title (the `?store=` one, or the first store's), otherwise the defaults.
 */
export function firstPaintOf(pathname: string, search: string, company: FirstPaintCompany, roomTexts: FirstPaintRoomTexts = NO_ROOM_TEXTS): FirstPaint | null {
  if (remoteForPath(pathname) !== 'visitor') return null;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const params = new URLSearchParams(search);
  const requestedStore = params.get('store');
  const own = (key: TranslationKey) => roomTextOf(roomTexts.translations, key, roomTexts.language);
  if (path === ROUTES.welcome) {
    const fromShell = requestedStore !== null && requestedStore === roomTexts.storeId;
    return { heading: (fromShell && own('title')) || welcomeTitleOf(company), layout: 'welcome', wall: companyWallOf(company) };
  }
  // A reservation's entry has a heading of its own; every other way into the live flow starts here.
  if (path === ROUTES.live && !params.has(RESERVATION_PARAM)) {
    const pageStore = roomTexts.storeId !== null && !params.has(INVITATION_PARAM) && (requestedStore === null || requestedStore === roomTexts.storeId);
    return { heading: (pageStore && own('liveTitle')) || IT.visitor.liveTitle, layout: 'step', wall: null };
  }
  return { heading: null, layout: 'step', wall: null };
}

/** The company's wall as the welcome page shows it, or null when there is nothing to read in it. */
export function companyWallOf(company: Pick<PublicCompany, 'wall'>): string | null {
  return hasRichText(company.wall) ? company.wall : null;
}
