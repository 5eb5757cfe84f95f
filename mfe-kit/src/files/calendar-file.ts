import { apiErrorSchema } from '@incontra/contracts/api/common';
import { ApiRequestError } from '@incontra/contracts/http';

function jsonOrNothing(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A calendar file (.ics) behind a Bearer token (an appointment's, a webinar registration's): read
 * with fetch rather than followed as a link, since a link cannot carry the header; a refusal is an
 * ApiRequestError like any other call's, a network failure its status 0.
 */
export async function fetchCalendarFile(path: string, headers: Record<string, string>): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { accept: 'text/calendar', ...headers }, credentials: 'same-origin' });
  } catch {
    throw new ApiRequestError(0, null);
  }
  const text = await response.text();
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(jsonOrNothing(text));
    throw new ApiRequestError(response.status, parsed.success ? parsed.data : null);
  }
  return new Blob([text], { type: 'text/calendar;charset=utf-8' });
}
