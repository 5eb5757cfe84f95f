import { visitorCredentialsKey, visitorCredentialsSchema, type VisitorCredentials } from '@incontra/contracts/api/join-requests';

/**
 * The credentials the live page left in this tab for request `requestId`, or null: without them
 * (another tab, a shared link) the room is for signed-in staff only.
 */
export function readGuestCredentials(requestId: string): VisitorCredentials | null {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(visitorCredentialsKey(requestId));
  } catch {
    return null;
  }
  if (!raw) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = visitorCredentialsSchema.safeParse(json);
  return parsed.success && parsed.data.requestId === requestId ? parsed.data : null;
}
