import { apiErrorSchema } from '@incontra/contracts/api/common';
import { ApiRequestError } from '@incontra/contracts/http';
import { bearerOf, reservationPath, type ManageCredentials } from './manage-calls';

/**
 * GET /api/reservations/{id}/calendar.ics: the appointment as a calendar file. Read with fetch
 * rather than followed as a link, since a link cannot carry the Bearer header; a refusal is an
 * ApiRequestError like any other call's.
 */
export async function getCalendarFile(credentials: ManageCredentials): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(reservationPath(credentials, '/calendar.ics'), {
      headers: { accept: 'text/calendar', ...bearerOf(credentials) },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiRequestError(0, null);
  }
  const text = await response.text();
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(text ? safeJson(text) : undefined);
    throw new ApiRequestError(response.status, parsed.success ? parsed.data : null);
  }
  return new Blob([text], { type: 'text/calendar;charset=utf-8' });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
