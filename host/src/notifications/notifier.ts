import type { NotificationData, NotificationsStore } from '@mantine/notifications';
import { TOASTS } from '@incontra/contracts/constants';
import type { Notification, NotificationKind, Notifier } from '@incontra/contracts/mfe';
import { THEME_COLORS } from '@incontra/contracts/theme';
import type { NotificationsSlot } from './notifications-slot';

export type NotificationsModule = typeof import('@mantine/notifications');

const COLORS: Record<NotificationKind, string | undefined> = {
  info: THEME_COLORS.info,
  success: THEME_COLORS.success,
  error: THEME_COLORS.error,
  loading: undefined,
};

/** The spec's timings: success 2 s, loading never expires, everything else 4 s. */
export function autoCloseFor(kind: NotificationKind): number | false {
  if (kind === 'loading') return false;
  return kind === 'success' ? TOASTS.successDurationMs : TOASTS.durationMs;
}

export function toNotificationData(id: string, notification: Notification): NotificationData {
  return {
    id,
    message: notification.message,
    title: notification.title,
    color: COLORS[notification.kind],
    loading: notification.kind === 'loading',
    autoClose: autoCloseFor(notification.kind),
    withCloseButton: notification.kind !== 'loading',
  };
}

type Operation = (module: NotificationsModule, store: NotificationsStore) => void;

/**
 * The toasts every remote reaches through MfeProps.notify. Mantine's notifications load with the
 * first toast, not with the page (most pages never show one); calls made meanwhile are replayed
 * in order, and ids are ours, so `show` still answers one at once.
 */
export function createNotifier(load: () => Promise<NotificationsModule>, slot: NotificationsSlot): Notifier {
  let nextId = 0;
  let ready: Promise<void> | null = null;
  const pending: Operation[] = [];
  let loaded: { module: NotificationsModule; store: NotificationsStore } | null = null;

  const run = (operation: Operation) => {
    if (loaded) return operation(loaded.module, loaded.store);
    pending.push(operation);
    ready ??= load().then((module) => {
      loaded = { module, store: module.createNotificationsStore() };
      slot.fill(loaded);
      for (const queued of pending.splice(0)) queued(loaded.module, loaded.store);
    });
  };

  return {
    show(notification) {
      nextId += 1;
      const id = `incontra-toast-${nextId}`;
      run((module, store) => module.showNotification(toNotificationData(id, notification), store));
      return id;
    },
    update(id, notification) {
      run((module, store) => module.updateNotification(toNotificationData(id, notification), store));
    },
    hide(id) {
      run((module, store) => module.hideNotification(id, store));
    },
  };
}
