import * as z from 'zod/v4/core';
import { IT } from '@incontra/contracts/messages/it';
import { firstForbiddenField } from '@incontra/contracts/text-rules';
import { HttpError } from './http-error';

export type PartCheck = { ok: true; value: unknown } | { ok: false; error: HttpError };

const dotted = (path: readonly PropertyKey[]) => path.map(String).join('.');

/**
 * One part of a request (body, params, querystring) against its route schema. A bad part is a 400
 * naming the first bad field (dot-joined path) with the schema's own, Italian, message. A body
 * holding a NUL or a lone surrogate is refused first, naming its field, whatever the schema (the
 * contracts' text rule: neither can be stored); a missing body is validated as `{}`, so that the
 * answer still names the first required field.
 */
export function validateRequestPart(schema: z.$ZodType, data: unknown, isBody: boolean): PartCheck {
  if (isBody) {
    const forbidden = firstForbiddenField(data);
    if (forbidden) return { ok: false, error: new HttpError(400, IT.errors.forbiddenCharacter, forbidden.length > 0 ? dotted(forbidden) : undefined) };
  }
  const result = z.safeParse(schema, data ?? {});
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? dotted(issue.path) : undefined;
  return { ok: false, error: new HttpError(400, field ? (issue?.message ?? IT.errors.invalidBody) : IT.errors.invalidBody, field) };
}
