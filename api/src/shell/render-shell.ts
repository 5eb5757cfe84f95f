import { primaryLanguageOf } from '@incontra/contracts/first-paint';
import { INITIAL_DATA_ELEMENT_ID, type InitialShellData } from '@incontra/contracts/initial-data';
import { firstPaintHtml } from './first-paint';
import { escapeHtml, scriptJson } from './html';

/** The literal tokens of host/dist/index.html, replaced per request. */
export const SHELL_TOKENS = {
  title: '__INCONTRA_TITLE__',
  themeColor: '__INCONTRA_THEME_COLOR__',
  initialData: '<!--INCONTRA_INITIAL_DATA-->',
  /** Absent from shells built before the first paint: such a page simply starts blank. */
  firstPaint: '<!--INCONTRA_FIRST_PAINT-->',
} as const;

/** Where the page was asked for: its first paint depends on the route. */
export interface ShellLocation {
  pathname: string;
  search: string;
  /** The request's Accept-Language: the page picks a room's texts by the browser's language. */
  acceptLanguage?: string;
}

/** The shell page with the company inlined: title, theme colour, the first paint and the first render's data. */
export function renderShell(template: string, data: InitialShellData, location: ShellLocation): string {
  const script = `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${scriptJson(data)}</script>`;
  const inlined = data.publicConfig;
  const roomTexts = inlined
    ? { storeId: inlined.store?.id ?? null, translations: inlined.translations, language: primaryLanguageOf(location.acceptLanguage) }
    : undefined;
  const firstPaint = firstPaintHtml(location.pathname, location.search, data.company, roomTexts);
  // split/join and a replacer function, never a replacement string: a `$&` in a name stays literal.
  return template
    .split(SHELL_TOKENS.title)
    .join(escapeHtml(data.company.name))
    .split(SHELL_TOKENS.themeColor)
    .join(escapeHtml(data.company.primaryColor))
    .replace(SHELL_TOKENS.firstPaint, () => firstPaint)
    .replace(SHELL_TOKENS.initialData, () => script);
}
