import type * as z from 'zod/mini';
import { apiErrorSchema, type ApiError } from './api/common';
import { SESSION } from './constants';
import { IT } from './messages/it';

/** A non-2xx answer, or no answer at all (status 0). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError | null,
  ) {
    super(body?.message ?? (status === 0 ? IT.errors.network : IT.errors.generic));
    this.name = 'ApiRequestError';
  }

  get field(): string | undefined {
    return this.body?.field;
  }
}

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  const pair = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return pair ? decodeURIComponent(pair.slice(prefix.length)) : undefined;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  schema: z.ZodMiniType<T>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The CSRF header on a GET too: a GET that changes state (the point of sale's cancel) is checked like a POST. */
  csrf?: boolean;
}

/**
 * The one HTTP call of every app: same origin, credentials, JSON (or a FormData body sent as
 * multipart, the browser choosing the boundary), the CSRF header on writes, and the answer
 * parsed with the contract's schema.
 */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const multipart = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers['content-type'] = 'application/json';
  if (method !== 'GET' || options.csrf) {
    const csrf = readCookie(`${SESSION.secureCookiePrefix}${SESSION.csrfCookieName}`) ?? readCookie(SESSION.csrfCookieName);
    if (csrf) headers[SESSION.csrfHeaderName] = csrf;
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if ((cause as Error).name === 'AbortError') throw cause;
    throw new ApiRequestError(0, null);
  }
  const text = await response.text();
  const json: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    // The body as sent when it is an API error: a refusal may say more than the common fields
    // (a taken booking time lists the nearest free ones), which a parse would strip.
    const parsed = apiErrorSchema.safeParse(json);
    throw new ApiRequestError(response.status, parsed.success ? (json as ApiError) : null);
  }
  return options.schema.parse(json);
}
