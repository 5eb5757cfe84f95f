import type { PublicCompany } from './api/company';
import { RESERVATION_PARAM } from './api/join-requests';
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

/** The welcome page's heading: the company's own, or 'Benvenuto da …'. */
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

/** What the first paint of `pathname?search` shows; null for pages outside the visitor's frame. */
export function firstPaintOf(pathname: string, search: string, company: FirstPaintCompany): FirstPaint | null {
  if (remoteForPath(pathname) !== 'visitor') return null;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === ROUTES.welcome) return { heading: welcomeTitleOf(company), layout: 'welcome', wall: companyWallOf(company) };
  // A reservation's entry has a heading of its own; every other way into the live flow starts here.
  if (path === ROUTES.live && !new URLSearchParams(search).has(RESERVATION_PARAM)) return { heading: IT.visitor.liveTitle, layout: 'step', wall: null };
  return { heading: null, layout: 'step', wall: null };
}

/** The company's wall as the welcome page shows it, or null when there is nothing to read in it. */
export function companyWallOf(company: Pick<PublicCompany, 'wall'>): string | null {
  return hasRichText(company.wall) ? company.wall : null;
}
