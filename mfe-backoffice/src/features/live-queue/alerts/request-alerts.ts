import type { StaffJoinRequest } from '@incontra/contracts/api/join-requests';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';

export type NotificationAccess = NotificationPermission | 'unsupported';

/** The browser's ways to get a staff member's attention, behind one seam (tests pass a fake). */
export interface RequestAlerts {
  /** A short chime. */
  playChime(): void;
  notificationAccess(): NotificationAccess;
  requestNotificationAccess(): Promise<NotificationAccess>;
  /** A system notification; `tag` keeps one per request. */
  showNotification(title: string, body: string, tag: string): void;
  /** The tab is in the background (another tab, minimised window). */
  pageHidden(): boolean;
}

/**
 * Tells the staff member that visitors arrived: the chime unless muted; a system notification
 * only when the tab is in the background (on screen, the queue itself shows them) and allowed.
 */
export function announceArrivals(requests: readonly StaffJoinRequest[], alerts: RequestAlerts, soundOn: boolean): void {
  if (requests.length === 0) return;
  if (soundOn) alerts.playChime();
  if (!alerts.pageHidden() || alerts.notificationAccess() !== 'granted') return;
  for (const request of requests) {
    alerts.showNotification(IT_LOBBY.staff.notificationTitle, IT_LOBBY.staff.notificationBody(request.name, request.storeName), request.id);
  }
}
