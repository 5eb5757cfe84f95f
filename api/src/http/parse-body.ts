import type * as z from 'zod/mini';
import { IT } from '@incontra/contracts/messages/it';
import { firstNulField } from '@incontra/contracts/text-rules';
import { HttpError } from './http-error';

/**
 * Validates a request body with a contract schema. A bad body is a 400 naming the first bad field
 * (dot-joined path) with the schema's own, Italian, message. A missing body is validated as `{}`
 * so that the answer still names the first required field. A string holding a NUL is refused
 * first, naming its field, whatever the schema (the contracts' text rule).
 */
export function parseBody<T extends z.ZodMiniType>(schema: T, body: unknown): z.infer<T> {
  const nul = firstNulField(body);
  if (nul) throw new HttpError(400, IT.errors.forbiddenCharacter, nul.length > 0 ? nul.map(String).join('.') : undefined);
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : undefined;
  throw new HttpError(400, field ? (issue?.message ?? IT.errors.invalidBody) : IT.errors.invalidBody, field);
}
