import { Notifications, type NotificationsStore } from '@mantine/notifications';
import { TOASTS } from '@incontra/contracts/constants';

/** Where the toasts appear: top-right, 16 px from the edges, at most 20, at most 350 px wide. */
export function ShellNotifications({ store }: { store: NotificationsStore }) {
  return (
    <Notifications
      store={store}
      limit={TOASTS.limit}
      autoClose={TOASTS.durationMs}
      position={TOASTS.position}
      containerWidth={TOASTS.maxWidthPx}
      style={{ top: TOASTS.gutterPx, right: TOASTS.gutterPx }}
    />
  );
}
