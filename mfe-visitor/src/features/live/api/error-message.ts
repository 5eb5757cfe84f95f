import { ApiRequestError } from '@incontra/contracts/http';
import { IT } from '@incontra/contracts/messages/it';

/** The Italian sentence for a failed call: the API's own message, or the network or generic text. */
export function errorMessageOf(error: unknown): string {
  return error instanceof ApiRequestError ? error.message : IT.errors.generic;
}

/** The message of a failed call when the API names `field` as its cause (a 400/422 about an input). */
export function fieldErrorOf(error: unknown, field: string): string | null {
  return error instanceof ApiRequestError && error.field === field ? error.message : null;
}
