import { INITIAL_DATA_ELEMENT_ID, type InitialShellData } from '@incontra/contracts/initial-data';

/** The literal tokens of host/dist/index.html, replaced per request. */
export const SHELL_TOKENS = {
  title: '__INCONTRA_TITLE__',
  themeColor: '__INCONTRA_THEME_COLOR__',
  initialData: '<!--INCONTRA_INITIAL_DATA-->',
} as const;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * JSON inside <script type="application/json">: `<` is escaped so no value can close the element,
 * and the two line separators JavaScript once refused are escaped too.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The shell page with the company inlined: title, theme colour and the first render's data. */
export function renderShell(template: string, data: InitialShellData): string {
  const script = `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${scriptJson(data)}</script>`;
  // split/join and a replacer function, never a replacement string: a `$&` in a name stays literal.
  return template
    .split(SHELL_TOKENS.title)
    .join(escapeHtml(data.company.name))
    .split(SHELL_TOKENS.themeColor)
    .join(escapeHtml(data.company.primaryColor))
    .replace(SHELL_TOKENS.initialData, () => script);
}
