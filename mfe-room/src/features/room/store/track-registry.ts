import type { TrackName } from '@incontra/contracts/constants';

const keyOf = (identity: string, name: TrackName) => `${identity}\u0000${name}`;

/**
 * The room's MediaStreamTracks (they are not serialisable, so not in Redux). Redux holds a
 * version per track; components read the track itself here, re-rendering on `subscribe`.
 */
export class TrackRegistry {
  private readonly tracks = new Map<string, MediaStreamTrack>();
  private readonly listeners = new Set<() => void>();

  get(identity: string, name: TrackName): MediaStreamTrack | null {
    return this.tracks.get(keyOf(identity, name)) ?? null;
  }

  set(identity: string, name: TrackName, track: MediaStreamTrack): void {
    if (this.tracks.get(keyOf(identity, name)) === track) return;
    this.tracks.set(keyOf(identity, name), track);
    this.notify();
  }

  delete(identity: string, name: TrackName): void {
    if (this.tracks.delete(keyOf(identity, name))) this.notify();
  }

  deleteParticipant(identity: string): void {
    const prefix = `${identity}\u0000`;
    let changed = false;
    for (const key of [...this.tracks.keys()]) {
      if (key.startsWith(prefix)) changed = this.tracks.delete(key) || changed;
    }
    if (changed) this.notify();
  }

  clear(): void {
    if (this.tracks.size === 0) return;
    this.tracks.clear();
    this.notify();
  }

  /** `useSyncExternalStore`-shaped: the listener runs after every change. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
