import { ApiRequestError } from '@incontra/contracts/http';
import { IT } from '@incontra/contracts/messages/it';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';

export function isApiStatus(error: unknown, status: number): boolean {
  return error instanceof ApiRequestError && error.status === status;
}

/**
 * The Italian sentence for a failed call. Refusals of the request itself (400, 403, 409, 422)
 * carry the API's Italian message; other statuses get the catalogue's sentence.
 */
export function apiErrorMessage(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return IT.errors.generic;
  switch (error.status) {
    case 0:
      return IT.errors.network;
    case 401:
      return IT.errors.unauthorized;
    case 404:
      return IT.errors.notFound;
    case 429:
      return IT_BACKOFFICE.tooManyAttempts;
    case 400:
    case 403:
    case 409:
    case 422:
      return error.body?.message ?? IT.errors.generic;
    default:
      return IT.errors.generic;
  }
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
