import * as z from 'zod/mini';

/**
 * A whole number as typed in a text field, checked by the contract's number schema: what the
 * form's fields (strings) and its body (numbers) share. Anything but digits gets `message`.
 */
export function numberText<T extends z.ZodMiniType<unknown, number>>(schema: T, message: string) {
  return z.pipe(z.pipe(z.string().check(z.regex(/^\d+$/, message)), z.transform(Number)), schema);
}

/** The same, where an empty field means null (no limit). */
export function optionalNumberText<T extends z.ZodMiniType<unknown, number | null>>(schema: T, message: string) {
  return z.pipe(
    z.pipe(
      z.string().check(z.regex(/^\d*$/, message)),
      z.transform((text) => (text === '' ? null : Number(text))),
    ),
    schema,
  );
}
