import { TRACK_PUBLISH_RETRY_CODE, TRACK_PUBLISH_RETRY_DELAY_MS, type TrackName } from '@incontra/contracts/constants';
import type { PublishableTrack, VideoEngine } from '../engine/types';

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

/** Spec section 4: a publish failing with 53304 is tried once more after 500 ms; anything else is rethrown. */
export async function publishWithRetry(engine: VideoEngine, name: TrackName, track: PublishableTrack, sleep: (ms: number) => Promise<void>): Promise<void> {
  try {
    await engine.publish(name, track);
  } catch (error) {
    if (codeOf(error) !== TRACK_PUBLISH_RETRY_CODE) throw error;
    await sleep(TRACK_PUBLISH_RETRY_DELAY_MS);
    await engine.publish(name, track);
  }
}
