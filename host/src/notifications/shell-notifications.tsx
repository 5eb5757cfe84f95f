import { useSyncExternalStore } from 'react';
import { TOASTS } from '@incontra/contracts/constants';
import type { NotificationsSlot } from './notifications-slot';
import './below-app-header.css';

/**
 * Where the toasts appear: top-right, 16 px from the edges, at most 20, at most 350 px wide.
 * No `style` for the offsets: Mantine gives it to all six position containers, and top and right
 * on the bottom ones stretch them over the page, where their empty boxes take the clicks. Mantine
 * already sets the top-right one `--mantine-spacing-md` (16 px, TOASTS.gutterPx) from the edges;
 * below-app-header.css moves it under a fixed app header, so that no toast covers «Esci».
 */
export function ShellNotifications({ slot }: { slot: NotificationsSlot }) {
  const loaded = useSyncExternalStore(slot.subscribe, slot.current);
  if (!loaded) return null;
  const { Notifications } = loaded.module;
  return (
    <Notifications store={loaded.store} limit={TOASTS.limit} autoClose={TOASTS.durationMs} position={TOASTS.position} containerWidth={TOASTS.maxWidthPx} />
  );
}
