import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode, type NumberType, type PhoneNumber } from 'libphonenumber-js/max';

/**
 * What a visitor may type: digits, one leading `+`, and the usual separators. Anything else
 * (letters, extensions, text around the number) is refused before parsing, because the library
 * would otherwise read vanity letters as digits or pick a number out of a sentence.
 */
const TYPED_NUMBER = /^\+?[0-9 ()\-./]+$/;

/**
 * Only numbers that can receive an SMS. `FIXED_LINE_OR_MOBILE` is where the numbering plan cannot
 * tell them apart (the United States and Canada); landlines, toll-free, premium, shared-cost,
 * VoIP, pagers and the rest are refused: a code sent there would never arrive, and every send
 * costs money and daily quota.
 */
const SMS_CAPABLE: ReadonlySet<NumberType> = new Set<NumberType>(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/** A mobile number in E.164 form, with its region (undefined for the non-geographic codes). */
export interface MobileNumber {
  number: string;
  country: CountryCode | undefined;
}

/**
 * A phone number as typed (spaces, dashes, parentheses, `+39…`, `0039…`, or a national number
 * of `defaultCountry`), or null when it is not a valid mobile number. Full metadata
 * (`libphonenumber-js/max`): validity and number type are checked against each country's
 * numbering plan, not only the length.
 */
export function parseMobileNumber(input: string, defaultCountry: string): MobileNumber | null {
  const parsed = parseValidNumber(input, defaultCountry);
  if (!parsed) return null;
  const type = parsed.getType();
  if (type === undefined || !SMS_CAPABLE.has(type)) return null;
  return { number: parsed.number, country: parsed.country };
}

/** The E.164 form of `parseMobileNumber`, or null. */
export function normalizePhoneNumber(input: string, defaultCountry: string): string | null {
  return parseMobileNumber(input, defaultCountry)?.number ?? null;
}

/**
 * Any valid telephone number as typed (a landline too: staff call it back, no SMS is sent), in
 * E.164 form, or null. The same typing rules as parseMobileNumber.
 */
export function normalizeAnyPhoneNumber(input: string, defaultCountry: string): string | null {
  return parseValidNumber(input, defaultCountry)?.number ?? null;
}

/** The number as typed (TYPED_NUMBER's characters only), valid in its country's plan, or null. */
function parseValidNumber(input: string, defaultCountry: string): PhoneNumber | null {
  const typed = input.trim();
  if (typed === '' || typed.length > 32 || !TYPED_NUMBER.test(typed)) return null;
  const country: CountryCode | undefined = isSupportedCountry(defaultCountry) ? defaultCountry : undefined;
  const parsed = parsePhoneNumberFromString(typed, { defaultCountry: country, extract: false });
  return parsed?.isValid() ? parsed : null;
}
