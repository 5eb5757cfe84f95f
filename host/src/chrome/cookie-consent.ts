import { COOKIE_CONSENT_STORAGE_KEY } from '@incontra/contracts/constants';

export const CONSENT_ACCEPTED = 'accepted';

/** Storage can be unavailable (privacy modes): then the banner simply shows again next time. */
export function hasConsent(storage: Storage): boolean {
  try {
    return storage.getItem(COOKIE_CONSENT_STORAGE_KEY) === CONSENT_ACCEPTED;
  } catch {
    return false;
  }
}

export function storeConsent(storage: Storage): void {
  try {
    storage.setItem(COOKIE_CONSENT_STORAGE_KEY, CONSENT_ACCEPTED);
  } catch {
    // Consent still holds for this page; nothing else to do without storage.
  }
}
