import * as z from 'zod/v4/core';
import { idParamRegistry } from '@incontra/contracts/api/common';
import { IT } from '@incontra/contracts/messages/it';
import { firstForbiddenText } from '@incontra/contracts/text-rules';
import { HttpError } from './http-error';

export type RequestPart = 'body' | 'params' | 'querystring' | 'headers' | undefined;

export type PartCheck = { ok: true; value: unknown } | { ok: false; error: HttpError };

const dotted = (path: readonly PropertyKey[]) => path.map(String).join('.');

/**
 * One part of a request (body, params, querystring) against its route schema. A bad part is a 400
 * naming the first bad field (dot-joined path) with the schema's own, Italian, message. A body
 * holding a NUL or a lone surrogate is never accepted, whatever the schema (the contracts' text
 * rule: neither can be stored): a NUL is refused first, naming its field; a lone surrogate is
 * refused by the schema's own message when the schema refuses the body anyway (the names' rule
 * says more than "a character"), else naming its field. A missing body is validated as `{}`, so
 * that the answer still names the first required field.
 */
export function validateRequestPart(schema: z.$ZodType, data: unknown, part: RequestPart): PartCheck {
  const isBody = part === 'body';
  const forbidden = isBody ? firstForbiddenText(data) : null;
  const refusal = forbidden && new HttpError(400, IT.errors.forbiddenCharacter, forbidden.path.length > 0 ? dotted(forbidden.path) : undefined);
  if (refusal && forbidden.character === 'nul') return { ok: false, error: refusal };
  const result = z.safeParse(schema, data ?? {});
  if (result.success) return refusal ? { ok: false, error: refusal } : { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const unknownId = part === 'params' ? malformedIdParam(schema, issue) : null;
  if (unknownId) return { ok: false, error: unknownId };
  const field = issue && issue.path.length > 0 ? dotted(issue.path) : undefined;
  return { ok: false, error: new HttpError(400, field ? (issue?.message ?? IT.errors.invalidBody) : IT.errors.invalidBody, field) };
}

/** A path id declared with `idParam` that is malformed: the entity's 404, as for an unknown id. */
function malformedIdParam(schema: z.$ZodType, issue: z.$ZodIssue | undefined): HttpError | null {
  const key = issue?.path[0];
  if (key === undefined || !(schema instanceof z.$ZodObject)) return null;
  const field = (schema._zod.def.shape as Record<PropertyKey, z.$ZodType | undefined>)[key];
  const declared = field && idParamRegistry.get(field);
  return declared ? new HttpError(404, declared.notFound) : null;
}
