import { apiErrorSchema } from '@incontra/contracts/api/common';
import { ApiRequestError } from '@incontra/contracts/http';
import { bearerOf, registrationApiPath, type RegistrationCredentials } from './registration-calls';

/**
 * GET /api/webinar-reservation/{id}/calendar.ics: the webinar as a calendar file. Read with fetch
 * rather than followed as a link, since a link cannot carry the Bearer header; a refusal is an
 * ApiRequestError like any other call's.
 */
export async function getCalendarFile(credentials: RegistrationCredentials): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(registrationApiPath(credentials, '/calendar.ics'), {
      headers: { accept: 'text/calendar', ...bearerOf(credentials) },
      credentials: 'same-origin',
    });
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

function jsonOrNothing(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
