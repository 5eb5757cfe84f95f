import { and, eq } from 'drizzle-orm';
import type { CountryCode } from 'libphonenumber-js/max';
import { DEFAULT_SMS_COUNTRIES, type PublicCompany } from '@incontra/contracts/api/company';
import { LOBBY_RULES } from '@incontra/contracts/api/join-requests';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import type { Tx } from '../db/database';
import { phoneVerifications } from '../db/schema';
import { HttpError } from '../http/http-error';

/*
 * Against SMS pumping (codes requested for premium, satellite or far-away numbers whose operators
 * share the fee with the requester): a code goes only where the company does business, and one
 * request cannot be used to cycle through numbers. Both refusals come before any quota is counted.
 */

/** The company's allowed destination countries: its setting, or DEFAULT_SMS_COUNTRIES. */
export function smsCountriesOf(settings: PublicCompany['settings']): readonly string[] {
  return settings.smsCountries ?? DEFAULT_SMS_COUNTRIES;
}

/**
 * 400 `phoneNumber` unless the number's region is listed. The region, not the calling code, is
 * what counts (+44 7911 is Guernsey, not GB); a number of no region (the non-geographic codes:
 * satellite phones, international networks) can match no entry, whatever the list says.
 */
export function requireSmsCountry(country: CountryCode | undefined, allowed: readonly string[]): void {
  if (country === undefined || !allowed.includes(country)) {
    throw new HttpError(400, IT_LOBBY.errors.phoneCountryNotAllowed, 'phoneNumber');
  }
}

/**
 * 429 `phoneNumber` when the request already had codes sent to LOBBY_RULES.codePhoneNumbersMax
 * other numbers; its numbers so far may be used again (a typo corrected, a code not received).
 * The caller holds the request's row lock, so two sends cannot both take the last place.
 */
export async function requireFewNumbersPerRequest(tx: Tx, companyId: string, joinRequestId: string, phoneNumber: string): Promise<void> {
  const rows = await tx
    .selectDistinct({ phoneNumber: phoneVerifications.phoneNumber })
    .from(phoneVerifications)
    .where(and(eq(phoneVerifications.companyId, companyId), eq(phoneVerifications.joinRequestId, joinRequestId)));
  const used = rows.map((row) => row.phoneNumber);
  if (!used.includes(phoneNumber) && used.length >= LOBBY_RULES.codePhoneNumbersMax) {
    throw new HttpError(429, IT_LOBBY.errors.tooManyPhoneNumbers, 'phoneNumber');
  }
}
