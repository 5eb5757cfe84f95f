import type sanitizeHtml from 'sanitize-html';
import { EDITOR_IMAGE_URL } from '@incontra/contracts/api/company-management';

/*
 * The rich texts (privacy, terms, walls) are written by admins and shown to every visitor as
 * HTML: they are cut down to what the editor produces, by allow-list, before they are stored.
 * Anything else (scripts, styles, classes, event handlers, frames, forms, SVG and MathML, base
 * and meta) is dropped; links keep only URLs of the schemes below. Images keep only the company's
 * own uploads (the editor's image addresses, served by this API on the company's host): any other
 * address, https included, would have every visitor's browser ask a third party for it as the page
 * opens, before the visitor has agreed to anything, so such an image is dropped.
 */

const LINK_REL = 'noopener noreferrer nofollow';
const DIMENSION = /^\d{1,4}$/;
/** Elements whose text means nothing once the element is gone (code, markup): dropped with it. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'template',
  'iframe',
  'noembed',
  'noframes',
  'xmp',
  'title',
  'svg',
  'math',
  'object',
  'select',
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'img', 'hr', 'code', 'pre'],
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt', 'width', 'height'] },
  allowedClasses: {},
  allowedStyles: {},
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // An image's address is never another site's (see imageAttributes): no scheme is allowed.
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // "//evil.example/x" is another site's address written as if it were ours.
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  // Every link opens apart from the visitor's page and tells the target nothing about it.
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...pick(attribs, ['href']), rel: LINK_REL, target: '_blank' } }),
    img: (tagName, attribs) => ({ tagName, attribs: imageAttributes(attribs) }),
  },
  // An image left without an address (a refused one) is nothing to show.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

function pick(attribs: sanitizeHtml.Attributes, names: string[]): sanitizeHtml.Attributes {
  return Object.fromEntries(names.filter((name) => typeof attribs[name] === 'string').map((name) => [name, attribs[name]!]));
}

/** Our own uploaded images only (relative addresses of the editor's uploads); sizes only as plain numbers. */
function imageAttributes(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const src = (attribs.src ?? '').trim();
  const kept: sanitizeHtml.Attributes = {};
  if (EDITOR_IMAGE_URL.test(src)) kept.src = src;
  if (typeof attribs.alt === 'string') kept.alt = attribs.alt;
  for (const name of ['width', 'height']) {
    const value = attribs[name];
    if (value !== undefined && DIMENSION.test(value)) kept[name] = value;
  }
  return kept;
}

/**
 * Loaded on first use: sanitize-html requires an ESM-only htmlparser2, which Node loads natively
 * but Jest does not; loaded with the app, it would stop every API test from building the app.
 */
let sanitizer: Promise<typeof sanitizeHtml> | null = null;
const loadSanitizer = () => (sanitizer ??= import('sanitize-html').then((module) => module.default));

/** The HTML as it may be stored and shown: allowed markup only; '' when nothing is left. */
export async function sanitizeRichText(html: string): Promise<string> {
  return (await loadSanitizer())(html, OPTIONS).trim();
}

/** What a rich text is stored as: null when empty (the visitor then sees no such text). */
export async function storedRichText(html: string): Promise<string | null> {
  const clean = await sanitizeRichText(html);
  return clean === '' ? null : clean;
}
