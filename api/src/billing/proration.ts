import { DateTime } from 'luxon';
import type { Money } from '@incontra/contracts/api/subscription';

/*
 * The subscription's arithmetic, in integer euro cents: VAT on a net amount, the prorated
 * difference of an upgrade, the calendar month of a period. The test mode charges these figures;
 * Stripe computes its own (the same rule: the unused rest of the period, by the second).
 */

/** A net amount with its VAT (rounded half away from zero to the cent) and their sum. */
export function withVat(net: number, vatRate: number): Money {
  const vat = Math.sign(net) * Math.round((Math.abs(net) * vatRate) / 100);
  return { net, vat, total: net + vat };
}

export const NOTHING: Money = { net: 0, vat: 0, total: 0 };

/**
 * What moving from a plan priced `oldPrice` to one priced `newPrice` costs at `at`, inside the
 * period [start, end): the difference times the part of the period still to come (by the second),
 * rounded to the cent, with its VAT. Nothing when the period is over or the new plan is not dearer.
 */
export function prorate(input: { oldPrice: number; newPrice: number; periodStart: Date; periodEnd: Date; at: Date; vatRate: number }): Money {
  const { oldPrice, newPrice, periodStart, periodEnd, at, vatRate } = input;
  const periodSeconds = Math.floor((periodEnd.getTime() - periodStart.getTime()) / 1000);
  const remainingSeconds = Math.floor((periodEnd.getTime() - Math.max(at.getTime(), periodStart.getTime())) / 1000);
  if (newPrice <= oldPrice || periodSeconds <= 0 || remainingSeconds <= 0) return NOTHING;
  const net = Math.round(((newPrice - oldPrice) * remainingSeconds) / periodSeconds);
  return withVat(net, vatRate);
}

/** The end of a one-month period starting at `start` (a calendar month in UTC: 31 January → 28/29 February). */
export function monthAfter(start: Date): Date {
  return DateTime.fromJSDate(start, { zone: 'utc' }).plus({ months: 1 }).toJSDate();
}

/** The start of the one-month period ending at `end`, for a period stored without its start. */
export function monthBefore(end: Date): Date {
  return DateTime.fromJSDate(end, { zone: 'utc' }).minus({ months: 1 }).toJSDate();
}
