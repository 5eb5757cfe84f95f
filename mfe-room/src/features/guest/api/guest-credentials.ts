import { visitorCredentialsKey, visitorCredentialsSchema, type VisitorCredentials } from '@incontra/contracts/api/join-requests';
import { readSessionValue } from '@incontra/mfe-kit/session-value';

/**
 * The credentials the live page left in this tab for request `requestId`, or null: without them
 * (another tab, a shared link) the room is for signed-in staff only.
 */
export function readGuestCredentials(requestId: string): VisitorCredentials | null {
  const credentials = readSessionValue(visitorCredentialsKey(requestId), visitorCredentialsSchema);
  return credentials?.requestId === requestId ? credentials : null;
}
