import * as z from 'zod/mini';
import { IT } from '../messages/it';

/** Every API error body. `field` names the offending field of a 400. */
export const apiErrorSchema = z.object({
  statusCode: z.int(),
  error: z.string(),
  message: z.string(),
  field: z.optional(z.string()),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const idSchema = z.uuid();

/** The entity's not-found message of each `idParam` (the API's validator reads it). */
export const idParamRegistry = z.registry<{ notFound: string }>();

/**
 * An entity's id in a request path, declared in the route's params schema. A malformed id is
 * answered like an unknown one: 404 with the entity's Italian message `notFound`, so the answer
 * never tells a bad id from a missing row (nor reaches a query with it).
 */
export function idParam(notFound: string) {
  return z.uuid({ error: notFound }).register(idParamRegistry, { notFound });
}
export const okSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof okSchema>;

/**
 * The calendar years a date or an instant may fall in. No question about another year is a
 * booking or an agenda, and outside them text and time arithmetic part ways (the day after
 * 9999-12-31 is written "+010000-01-01", which sorts before it; year 0 is no date of the database).
 */
export const DATE_YEARS = { first: 2000, last: 2099 } as const;

const inDateYears = (year: number) => year >= DATE_YEARS.first && year <= DATE_YEARS.last;

/** A calendar date "YYYY-MM-DD" of DATE_YEARS; `error` for a malformed one. */
export function calendarDateSchema(error: string) {
  return z.iso
    .date({ error })
    .check(z.refine((date) => inDateYears(Number(date.slice(0, 4))), { error: IT.errors.dateYears(DATE_YEARS.first, DATE_YEARS.last) }));
}

/** An ISO instant with its offset, in DATE_YEARS (UTC); `error` for a malformed one. */
export function instantSchema(error: string) {
  return z.iso
    .datetime({ offset: true, error })
    .check(z.refine((instant) => inDateYears(new Date(instant).getUTCFullYear()), { error: IT.errors.dateYears(DATE_YEARS.first, DATE_YEARS.last) }));
}
