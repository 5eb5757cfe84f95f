import { useState } from 'react';
import type { NotificationAccess, RequestAlerts } from '../alerts/request-alerts';

/** The browser's answer about notifications, and the question (asked only on a click: browsers require it). */
export function useNotificationAccess(alerts: RequestAlerts) {
  const [access, setAccess] = useState<NotificationAccess>(() => alerts.notificationAccess());
  const [asking, setAsking] = useState(false);
  async function ask() {
    setAsking(true);
    try {
      setAccess(await alerts.requestNotificationAccess());
    } catch {
      setAccess(alerts.notificationAccess());
    } finally {
      setAsking(false);
    }
  }
  return { access, asking, ask };
}
