import { useSyncExternalStore } from 'react';
import { TOASTS } from '@incontra/contracts/constants';
import type { NotificationsSlot } from './notifications-slot';

/** Where the toasts appear: top-right, 16 px from the edges, at most 20, at most 350 px wide. */
export function ShellNotifications({ slot }: { slot: NotificationsSlot }) {
  const loaded = useSyncExternalStore(slot.subscribe, slot.current);
  if (!loaded) return null;
  const { Notifications } = loaded.module;
  return (
    <Notifications
      store={loaded.store}
      limit={TOASTS.limit}
      autoClose={TOASTS.durationMs}
      position={TOASTS.position}
      containerWidth={TOASTS.maxWidthPx}
      style={{ top: TOASTS.gutterPx, right: TOASTS.gutterPx }}
    />
  );
}
