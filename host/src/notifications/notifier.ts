import { hideNotification, showNotification, updateNotification, type NotificationData, type NotificationsStore } from '@mantine/notifications';
import { TOASTS } from '@incontra/contracts/constants';
import type { Notification, NotificationKind, Notifier } from '@incontra/contracts/mfe';
import { THEME_COLORS } from '@incontra/contracts/theme';

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

function toData(notification: Notification): NotificationData {
  return {
    message: notification.message,
    title: notification.title,
    color: COLORS[notification.kind],
    loading: notification.kind === 'loading',
    autoClose: autoCloseFor(notification.kind),
    withCloseButton: notification.kind !== 'loading',
  };
}

/** The toasts every remote reaches through MfeProps.notify; the shell owns their store. */
export function createNotifier(store: NotificationsStore): Notifier {
  return {
    show: (notification) => showNotification(toData(notification), store),
    update: (id, notification) => {
      updateNotification({ id, ...toData(notification) }, store);
    },
    hide: (id) => {
      hideNotification(id, store);
    },
  };
}
