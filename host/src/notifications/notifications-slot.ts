import type { NotificationsStore } from '@mantine/notifications';
import type { NotificationsModule } from './notifier';

export interface LoadedNotifications {
  module: NotificationsModule;
  store: NotificationsStore;
}

export interface NotificationsSlot {
  current(): LoadedNotifications | null;
  fill(loaded: LoadedNotifications): void;
  subscribe(listener: () => void): () => void;
}

/** Where the chrome learns that the toasts' code has arrived and can be rendered. */
export function createNotificationsSlot(): NotificationsSlot {
  let current: LoadedNotifications | null = null;
  const listeners = new Set<() => void>();
  return {
    current: () => current,
    fill(loaded) {
      current = loaded;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
