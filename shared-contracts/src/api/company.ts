import * as z from 'zod/mini';
import { companyThemeSchema } from '../theme';

/** Where verification codes may go when a company lists none: SMS pumping pays best abroad. */
export const DEFAULT_SMS_COUNTRIES: readonly string[] = ['IT'];

export const companySettingsSchema = z.object({
  welcomeTitle: z.optional(z.string()),
  privacyPolicyUrl: z.optional(z.string()),
  /** Live visitors prove their phone number by SMS before staff see them (a store may override). */
  requirePhoneVerification: z.optional(z.boolean()),
  /**
   * The countries (ISO 3166 alpha-2 regions, upper case) whose mobile numbers may receive a
   * verification code; DEFAULT_SMS_COUNTRIES when absent, nobody when empty. Numbers of no country
   * (satellite and other international networks: +870, +881, +882, +883, +888, +979…) never do.
   */
  smsCountries: z.optional(z.array(z.string().check(z.regex(/^[A-Z]{2}$/)))),
  /** Booking (defaults in reservations' BOOKING_DEFAULTS): dates bookable from today, in all. */
  bookingHorizonDays: z.optional(z.int().check(z.minimum(1), z.maximum(366))),
  /** The shortest time between booking and the appointment's start. */
  bookingMinNoticeMinutes: z.optional(z.int().check(z.minimum(0), z.maximum(10_080))),
  /** Until how long before the start the customer may move or cancel. */
  bookingCancelCutoffMinutes: z.optional(z.int().check(z.minimum(0), z.maximum(10_080))),
});

export type CompanySettings = z.infer<typeof companySettingsSchema>;

/**
 * Stored settings, field by field: a malformed value loses only itself. Parsed as a whole, one bad
 * field (say a wrong country list) dropped every other setting too, silently turning phone
 * verification off.
 */
export function parseCompanySettings(raw: unknown): CompanySettings {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const settings: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(companySettingsSchema.def.shape)) {
    const parsed = (schema as z.ZodMiniType).safeParse((raw as Record<string, unknown>)[key]);
    if (parsed.success && parsed.data !== undefined) settings[key] = parsed.data;
  }
  return settings as CompanySettings;
}

/** What anybody on the company's host may read. */
export const publicCompanySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  primaryColor: z.string(),
  theme: companyThemeSchema,
  logo: z.nullable(z.string()),
  privacyPolicy: z.nullable(z.string()),
  tosPolicy: z.nullable(z.string()),
  wall: z.nullable(z.string()),
  settings: companySettingsSchema,
  /** IANA zone of the company's opening hours and appointments (the visitor books in it). */
  timeZone: z.string(),
  /**
   * The company's subscription ended (a trial over, a cancellation at the period's end): the back
   * office is open only for billing and the visitor site shows a notice instead of the live and
   * booking actions (the API refuses them). Absent means false (an older API, a fixture); the API
   * always sends it. Computed when the company is read, so the host's cached read never outlives
   * the instant it would flip (api/src/billing/lockout.ts).
   */
  serviceSuspended: z.optional(z.boolean()),
});
export type PublicCompany = z.infer<typeof publicCompanySchema>;
