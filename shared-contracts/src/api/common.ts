import * as z from 'zod/mini';

/** Every API error body. `field` names the offending field of a 400. */
export const apiErrorSchema = z.object({
  statusCode: z.int(),
  error: z.string(),
  message: z.string(),
  field: z.optional(z.string()),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const idSchema = z.uuid();
export const okSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof okSchema>;
