import { visitorCredentialsKey, type SentJoinRequest, type VisitorCredentials } from '@incontra/contracts/api/join-requests';

/**
 * Keeps the request's credentials in the tab's sessionStorage, where the room finds them to enter
 * as a guest (`/room/{roomId}?richiesta={requestId}`): never in a URL, never beyond the tab.
 */
export function saveVisitorCredentials(sent: SentJoinRequest): VisitorCredentials {
  const { request, visitorToken } = sent;
  const credentials: VisitorCredentials = { requestId: request.id, visitorToken, name: request.name, storeId: request.storeId, roomId: request.roomId };
  try {
    window.sessionStorage.setItem(visitorCredentialsKey(request.id), JSON.stringify(credentials));
  } catch {
    // Storage refused (private mode, quota): the waiting still works, the room will ask to sign in.
  }
  return credentials;
}
