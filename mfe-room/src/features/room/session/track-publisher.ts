import type { TrackName } from '@incontra/contracts/constants';
import type { PublishableTrack, VideoEngine } from '../engine/types';
import { publishWithRetry } from './publish-with-retry';

function sameTrack(a: PublishableTrack, b: PublishableTrack): boolean {
  return a === b || a.mediaStreamTrack === b.mediaStreamTrack;
}

/**
 * What this participant publishes, by name, with the spec's rules: a new camera or screen first
 * removes the one published under that name, the same track is not published twice. Operations
 * run one at a time, in call order (a device change and a click must not interleave).
 */
export class TrackPublisher {
  private readonly published = new Map<TrackName, PublishableTrack>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly engine: VideoEngine,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {}

  /** Tracks the engine published while connecting. */
  adopt(name: TrackName, track: PublishableTrack): void {
    this.published.set(name, track);
  }

  get(name: TrackName): PublishableTrack | null {
    return this.published.get(name) ?? null;
  }

  /** Resolves true when `track` is newly published, false when it already was. */
  publish(name: TrackName, track: PublishableTrack): Promise<boolean> {
    return this.serial(async () => {
      const current = this.published.get(name);
      if (current && sameTrack(current, track)) return false;
      if (current) {
        await this.engine.unpublish(name);
        this.published.delete(name);
      }
      await publishWithRetry(this.engine, name, track, this.sleep);
      this.published.set(name, track);
      return true;
    });
  }

  /** Resolves true when something was unpublished. */
  unpublish(name: TrackName): Promise<boolean> {
    return this.serial(async () => {
      if (!this.published.has(name)) return false;
      await this.engine.unpublish(name);
      this.published.delete(name);
      return true;
    });
  }

  refresh(name: TrackName): Promise<void> {
    return this.serial(async () => {
      if (this.published.has(name)) await this.engine.refresh(name);
    });
  }

  private serial<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.queue.then(operation);
    this.queue = result.catch(() => undefined);
    return result;
  }
}
