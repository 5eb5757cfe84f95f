import { openingClosesAppointmentsSchema, type AffectedAppointment } from '@incontra/contracts/api/room-management';
import { ApiRequestError } from '@incontra/contracts/http';

/**
 * The appointments an opening write would have left outside the opening (its 409), or null for
 * any other outcome. The write changed nothing: staff decide, then send it again.
 */
export function appointmentsLeftOutBy(error: unknown): AffectedAppointment[] | null {
  if (!(error instanceof ApiRequestError) || error.status !== 409) return null;
  const parsed = openingClosesAppointmentsSchema.safeParse(error.body);
  return parsed.success ? parsed.data.appointments : null;
}
