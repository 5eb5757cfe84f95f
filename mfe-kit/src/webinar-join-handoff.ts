import { webinarJoinSchema, type WebinarJoin } from '@incontra/contracts/api/webinars';
import { ROUTES } from '@incontra/contracts/routes';
import { readSessionValue } from './session-value';

/**
 * The join credential travels from the page that asked for it (the registrant's page, the back
 * office's webinar page) to the live session's page (the room remote) through this tab's session
 * storage, never through the address bar: a link copied from the live page carries no credential.
 */
export const webinarJoinKey = (webinarId: string) => `incontra.webinar-join.${webinarId}`;

/** The live session's page of a webinar. */
export const webinarLivePath = (webinarId: string) => `${ROUTES.webinarLive}/${encodeURIComponent(webinarId)}`;

/** Keeps the credential for this tab; answers false when the browser refuses storage (private modes). */
export function keepWebinarJoin(join: WebinarJoin): boolean {
  try {
    window.sessionStorage.setItem(webinarJoinKey(join.webinarId), JSON.stringify(join));
    return true;
  } catch {
    return false;
  }
}

/** The credential this tab was given for `webinarId`, or null (another tab, a shared link, a malformed entry). */
export function readWebinarJoin(webinarId: string): WebinarJoin | null {
  const join = readSessionValue(webinarJoinKey(webinarId), webinarJoinSchema);
  return join?.webinarId === webinarId ? join : null;
}

/** Forgets the credential (the session ended, or the seat was removed). */
export function dropWebinarJoin(webinarId: string): void {
  try {
    window.sessionStorage.removeItem(webinarJoinKey(webinarId));
  } catch {
    // Nothing was kept.
  }
}
