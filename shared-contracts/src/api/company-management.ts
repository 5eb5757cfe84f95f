import * as z from 'zod/mini';
import { IT_COMPANY } from '../messages/it-company';
import { COMPANY_THEMES } from '../theme';

/*
 * The back office's company area: POST /api/company/{id} (data and look), GET and POST
 * /api/company/{id}/privacy and /tos, POST /api/company/{id}/wall and /api/store/{id}/wall,
 * POST /api/editor/upload-image. Rich texts are HTML, sanitised by the API before they are stored.
 */

export const COMPANY_NAME_MAX = 100;
export const WELCOME_TITLE_MAX = 120;
/** A rich text's HTML as sent, in UTF-8 bytes. */
export const RICH_TEXT_MAX_BYTES = 100 * 1024;
export const EDITOR_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Pixel-flood guard: a small file may announce an image that takes gigabytes to decode. */
export const EDITOR_IMAGE_MAX_PIXELS = 40_000_000;

/** Where uploaded images are served: 128 random bits and the extension of the sniffed type. */
export const EDITOR_IMAGE_PATH = '/api/editor/images/';
export const EDITOR_IMAGE_URL = /^\/api\/editor\/images\/[0-9a-f]{32}\.(png|jpg|webp|gif)$/;

/*
 * The primary buttons' text is black or white, as Mantine's autoContrast picks it (luminance above
 * its threshold of 0.3: black). Black text always reads (7:1 at least), white does not: on mid
 * tones (luminance between 0.18 and 0.3, say #2f9e44) Mantine still picks white at 3–4.5:1.
 * Button labels are normal-size text, hence WCAG AA's 4.5:1, not the 3:1 of large text.
 */
export const MIN_BUTTON_CONTRAST = 4.5;
const MANTINE_LUMINANCE_THRESHOLD = 0.3;
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

function relativeLuminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export interface ButtonContrast {
  ink: 'white' | 'black';
  /** WCAG contrast ratio of the ink on the colour, 1 to 21. */
  ratio: number;
  ok: boolean;
}

/** The text colour primary buttons get on `hex` (#rrggbb) and how well it reads. */
export function primaryButtonContrast(hex: string): ButtonContrast {
  const luminance = relativeLuminance(hex);
  const ink = luminance > MANTINE_LUMINANCE_THRESHOLD ? 'black' : 'white';
  const ratio = ink === 'black' ? (luminance + 0.05) / 0.05 : 1.05 / (luminance + 0.05);
  return { ink, ratio, ok: ratio >= MIN_BUTTON_CONTRAST };
}

/** "3,42": ratios are shown as they are compared, cut (not rounded) to two decimals. */
export const formatRatio = (ratio: number) => (Math.floor(ratio * 100) / 100).toFixed(2).replace('.', ',');

export const primaryColorSchema = z.string({ error: IT_COMPANY.validation.colorFormat }).check(
  z.regex(HEX_COLOR, IT_COMPANY.validation.colorFormat),
  z.superRefine((hex, ctx) => {
    if (!HEX_COLOR.test(hex)) return;
    const contrast = primaryButtonContrast(hex);
    if (!contrast.ok) {
      ctx.addIssue({
        code: 'custom',
        input: hex,
        message: IT_COMPANY.validation.contrast(formatRatio(contrast.ratio), formatRatio(MIN_BUTTON_CONTRAST)),
      });
    }
  }),
);

/** An IANA zone this runtime knows (aliases such as "UTC" included). */
export function isTimeZone(value: string): boolean {
  if (value === '' || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/** A rich text as the editor sends it; '' clears it. */
export const richTextSchema = z
  .string({ error: IT_COMPANY.validation.text })
  .check(z.refine((html: string) => byteLength(html) <= RICH_TEXT_MAX_BYTES, IT_COMPANY.validation.textTooLong(RICH_TEXT_MAX_BYTES / 1024)));

const wholeNumberIn = (min: number, max: number, message: string) => z.int({ error: message }).check(z.minimum(min, message), z.maximum(max, message));

/** POST /api/company/{id}: the fields given change. */
export const companyUpdateBodySchema = z.object({
  name: z.optional(
    z
      .string({ error: IT_COMPANY.validation.nameRequired })
      .check(z.trim(), z.minLength(1, IT_COMPANY.validation.nameRequired), z.maxLength(COMPANY_NAME_MAX, IT_COMPANY.validation.nameRequired)),
  ),
  primaryColor: z.optional(primaryColorSchema),
  theme: z.optional(z.enum(COMPANY_THEMES, { error: IT_COMPANY.validation.theme })),
  logo: z.optional(z.nullable(z.string({ error: IT_COMPANY.validation.logo }).check(z.regex(EDITOR_IMAGE_URL, IT_COMPANY.validation.logo)))),
  timeZone: z.optional(z.string({ error: IT_COMPANY.validation.timeZone }).check(z.refine(isTimeZone, IT_COMPANY.validation.timeZone))),
  /** '' returns to the default title (the company's name). */
  welcomeTitle: z.optional(
    z.string({ error: IT_COMPANY.validation.welcomeTitle }).check(z.trim(), z.maxLength(WELCOME_TITLE_MAX, IT_COMPANY.validation.welcomeTitle)),
  ),
  /** Booking rules (kept in the company's settings; BOOKING_DEFAULTS while unset). */
  bookingHorizonDays: z.optional(wholeNumberIn(1, 366, IT_COMPANY.validation.bookingHorizonDays)),
  bookingMinNoticeMinutes: z.optional(wholeNumberIn(0, 10_080, IT_COMPANY.validation.bookingMinNoticeMinutes)),
  bookingCancelCutoffMinutes: z.optional(wholeNumberIn(0, 10_080, IT_COMPANY.validation.bookingCancelCutoffMinutes)),
});
export type CompanyUpdateBody = z.input<typeof companyUpdateBodySchema>;

export const privacyBodySchema = z.object({ privacyPolicy: richTextSchema });
export const tosBodySchema = z.object({ tosPolicy: richTextSchema });
export const wallBodySchema = z.object({ wall: richTextSchema });

/** The stored (sanitised) texts; null when there is none. */
export const privacySchema = z.object({ privacyPolicy: z.nullable(z.string()) });
export type Privacy = z.infer<typeof privacySchema>;
export const tosSchema = z.object({ tosPolicy: z.nullable(z.string()) });
export type Tos = z.infer<typeof tosSchema>;
export const wallSchema = z.object({ wall: z.nullable(z.string()) });
export type Wall = z.infer<typeof wallSchema>;

/** POST /api/editor/upload-image (multipart, field `image`): where the image is served. */
export const uploadedImageSchema = z.object({ url: z.string() });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
