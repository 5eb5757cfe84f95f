import { ApiRequestError } from '@incontra/contracts/http';
import { IT } from '@incontra/contracts/messages/it';

/**
 * The one policy that turns a failed call into Italian for every remote: the API's own message
 * (every API error body is Italian, and the specific ones — "too many people waiting", "the room
 * is full", "try again in a moment" — say more than any sentence chosen here by status); without
 * an answer, the network sentence; anything else, `fallback`: the generic sentence, or what the
 * caller failed to do («Impossibile inviare il file.»).
 */
export function apiErrorMessage(error: unknown, fallback: string = IT.errors.generic): string {
  if (!(error instanceof ApiRequestError)) return fallback;
  return error.body?.message ?? (error.status === 0 ? IT.errors.network : fallback);
}

export function isApiStatus(error: unknown, status: number): boolean {
  return error instanceof ApiRequestError && error.status === status;
}

/** The API's message when it names `field` as the cause of a refusal (a 400/409/422 about an input). */
export function fieldErrorOf(error: unknown, field: string): string | null {
  return error instanceof ApiRequestError && error.field === field ? error.message : null;
}

const FIELD_STATUSES = new Set([400, 409, 422]);

/**
 * The form field a refusal names (invalid 400, conflicting 409, rule-breaking 422), through
 * `fieldFor`, which answers null for a field the form does not have.
 */
export function fieldNamedBy<F extends string>(error: unknown, fieldFor: (bodyField: string) => F | null): F | null {
  if (!(error instanceof ApiRequestError) || !FIELD_STATUSES.has(error.status) || !error.field) return null;
  return fieldFor(error.field);
}
