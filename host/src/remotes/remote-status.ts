import type { RemoteName } from '@incontra/contracts/routes';

export interface RemoteStatus {
  /** The remotes that failed to load or to mount, as an immutable snapshot. */
  failed(): ReadonlySet<RemoteName>;
  markFailed(remote: RemoteName): void;
  clear(remote: RemoteName): void;
  subscribe(listener: () => void): () => void;
}

/** A tiny external store the chrome reads with useSyncExternalStore. */
export function createRemoteStatus(): RemoteStatus {
  let failed: ReadonlySet<RemoteName> = new Set();
  const listeners = new Set<() => void>();
  const replace = (next: Set<RemoteName>) => {
    failed = next;
    for (const listener of listeners) listener();
  };
  return {
    failed: () => failed,
    markFailed(remote) {
      if (!failed.has(remote)) replace(new Set(failed).add(remote));
    },
    clear(remote) {
      if (!failed.has(remote)) return;
      const next = new Set(failed);
      next.delete(remote);
      replace(next);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
