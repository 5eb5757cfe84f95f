import type { PublicCompany } from './api/company';
import { DEFAULT_PRIVACY_POLICY_URL } from './constants';
import { ROUTES } from './routes';

/**
 * True when a stored rich text (HTML the API sanitised) shows something: text or an image. An
 * editor emptied by hand can leave bare markup such as `<p></p>`, which would be a blank page.
 */
export function hasRichText(html: string | null | undefined): boolean {
  if (!html) return false;
  if (/<img\b/i.test(html)) return true;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;|\s/g, '') !== '';
}

/**
 * Pages a visitor loses nothing by leaving. Elsewhere (a live step waiting in the queue, a call,
 * the back office) leaving would cancel or drop what is under way, so links open a new tab there.
 */
const PAGES_LEFT_FREELY: readonly string[] = [ROUTES.welcome, ROUTES.privacy, ROUTES.terms];

export interface PrivacyLink {
  href: string;
  /** Followed in this tab (by the shell, without reloading); otherwise opened in a new tab. */
  inPlace: boolean;
}

/**
 * Where the cookie banner's 'Scopri di più' leads from `pathname`: the company's own privacy page
 * when it has written one, else the address in its settings, else the default one. The shell's
 * banner and the API's first-painted one both ask here, so they never disagree.
 */
export function privacyLinkOf(company: Pick<PublicCompany, 'privacyPolicy' | 'settings'>, pathname: string): PrivacyLink {
  if (!hasRichText(company.privacyPolicy)) return { href: company.settings.privacyPolicyUrl || DEFAULT_PRIVACY_POLICY_URL, inPlace: false };
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return { href: ROUTES.privacy, inPlace: PAGES_LEFT_FREELY.includes(path) };
}
