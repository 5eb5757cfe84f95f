import { TEST_CARDS } from '@incontra/contracts/api/test-payments';

/*
 * What the test mode reads from a card as typed: whether the number is one (Luhn), its brand, how
 * Stripe's public test number of that card behaves, and whether its expiry has passed. Only the
 * last four digits are ever kept.
 */

export type CardBehaviour = 'succeeds' | 'declined' | 'authentication';

/** The digits of a number typed with spaces or dashes between groups. */
export function cardDigits(typed: string): string {
  return typed.replace(/[ -]/g, '');
}

/** Whether `digits` (12 to 19) pass the Luhn check every card number carries. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand by the number's first digits: Visa 4, Mastercard 51–55 and 2221–2720, Amex 34 and 37. */
export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  return 'carta';
}

/**
 * Stripe's test card that is set up fine but whose charges are declined afterwards (a renewal's
 * failure, a checkout refused): its meaning at Stripe, kept here.
 */
export const DECLINES_AFTER_ATTACH = '4000000000000341';

/**
 * How a card behaves when charged. Stripe's test numbers keep their meanings: the declined one is
 * refused at once (also when set up), 0341 is set up and then declined, the authentication one is
 * confirmed on our page; every other valid number succeeds.
 */
export function cardBehaviour(digits: string): CardBehaviour {
  if (digits === TEST_CARDS.declined || digits === DECLINES_AFTER_ATTACH) return 'declined';
  if (digits === TEST_CARDS.authentication) return 'authentication';
  return 'succeeds';
}

/** "MM/AA" as month and four-digit year; null when that month has already ended at `now` (UTC). */
export function readExpiry(expiry: string, now: Date): { month: number; year: number } | null {
  const [month, year] = expiry.split('/').map(Number) as [number, number];
  const fullYear = 2000 + year;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (fullYear * 12 + (month - 1) < thisMonth) return null;
  return { month, year: fullYear };
}
