import { STATUS_CODES } from 'node:http';
import type { ApiError } from '@incontra/contracts/api/common';

/** An answer other than success, with the contract's error body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ApiError {
    return errorBody(this.statusCode, this.message, this.field);
  }
}

export function errorBody(statusCode: number, message: string, field?: string): ApiError {
  const body: ApiError = { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
  if (field !== undefined) body.field = field;
  return body;
}
