import { createHash } from 'node:crypto';
import type { PublicCompany } from '@incontra/contracts/api/company';
import { COOKIE_CONSENT_STORAGE_KEY } from '@incontra/contracts/constants';
import { FIRST_PAINT_CONSENT_ELEMENT_ID, FIRST_PAINT_ELEMENT_ID, firstPaintOf, type FirstPaintRoomTexts } from '@incontra/contracts/first-paint';
import { shadesOf } from '@incontra/contracts/mantine-theme';
import { IT } from '@incontra/contracts/messages/it';
import { IT_VISITOR_PAGES } from '@incontra/contracts/messages/it-visitor-pages';
import { shellThemeFor } from '@incontra/contracts/theme';
import { privacyLinkOf } from '@incontra/contracts/visitor-texts';
import { escapeHtml } from './html';

/**
 * The few lines that run before any script is downloaded: the first-painted cookie banner shows
 * unless consent is stored (consent lives in local storage, which the server cannot read), and its
 * button stores consent and hides it, as the shell's banner does.
 */
export const CONSENT_SCRIPT = `(function () {
  var banner = document.getElementById(${JSON.stringify(FIRST_PAINT_CONSENT_ELEMENT_ID)});
  if (!banner) return;
  var key = ${JSON.stringify(COOKIE_CONSENT_STORAGE_KEY)};
  var stored = null;
  try { stored = window.localStorage.getItem(key); } catch (error) {}
  if (stored === 'accepted') return;
  banner.hidden = false;
  banner.querySelector('button').addEventListener('click', function () {
    try { window.localStorage.setItem(key, 'accepted'); } catch (error) {}
    banner.hidden = true;
  });
})();`;

/** The Content-Security-Policy source that lets exactly that inline script run. */
export const CONSENT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(CONSENT_SCRIPT).digest('base64')}'`;

/** Black or white text, whichever reads better on `hex` (the shell's theme does the same with Mantine). */
function inkOn(hex: string): string {
  const value = Number.parseInt(hex.replace('#', '').padEnd(6, '0').slice(0, 6), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.179 ? '#000' : '#fff';
}

/**
 * 'Scopri di più' where the shell's banner would lead from this page. A link to the company's own
 * page followed in place is a plain link here: it works before any script (and the shell's banner,
 * which takes this one's place, follows it without reloading).
 */
function privacyAnchor(company: PublicCompany, pathname: string, primaryColor: string): string {
  const link = privacyLinkOf(company, pathname);
  const opening = link.inPlace ? '' : ' target="_blank" rel="noopener noreferrer"';
  return `<a href="${escapeHtml(link.href)}"${opening} style="color:${shadesOf(primaryColor)[9]}">${escapeHtml(IT.cookies.learnMore)}</a>`;
}

function consentBanner(company: PublicCompany, pathname: string, { primaryColor, radiusPx }: { primaryColor: string; radiusPx: number }): string {
  return (
    `<section id="${FIRST_PAINT_CONSENT_ELEMENT_ID}" class="ifp-consent" aria-label="Cookie" hidden>` +
    `<p>${escapeHtml(IT.cookies.text)} ${privacyAnchor(company, pathname, primaryColor)}</p>` +
    `<button type="button" style="background:${escapeHtml(primaryColor)};color:${inkOn(primaryColor)};border-radius:${radiusPx}px">${escapeHtml(IT.cookies.accept)}</button>` +
    `</section><script>${CONSENT_SCRIPT}</script>`
  );
}

/**
 * The first paint of a visitor page (see @incontra/contracts/first-paint), as HTML: the company's
 * logo and name, the page's heading when the route decides it, the welcome page's company wall
 * (sanitised by the API before it was stored, so written as it is), and the cookie banner. Empty for
 * pages outside the visitor's frame. Its look is the shell template's `ifp-` styles.
 */
export function firstPaintHtml(pathname: string, search: string, company: PublicCompany, roomTexts?: FirstPaintRoomTexts): string {
  const paint = firstPaintOf(pathname, search, company, roomTexts);
  if (!paint) return '';
  const look = shellThemeFor(company);
  const heading = paint.heading === null ? '' : `<h1>${escapeHtml(paint.heading)}</h1>`;
  const wall = paint.wall === null ? '' : `<section class="ifp-wall" aria-label="${escapeHtml(IT_VISITOR_PAGES.wallOf(company.name))}">${paint.wall}</section>`;
  return (
    `<div id="${FIRST_PAINT_ELEMENT_ID}" class="ifp ifp-${paint.layout}">` +
    `<header><img src="${escapeHtml(look.logoUrl)}" alt=""><p>${escapeHtml(company.name)}</p></header>` +
    `<main>${heading}${wall}</main>` +
    `</div>` +
    consentBanner(company, pathname, look)
  );
}
