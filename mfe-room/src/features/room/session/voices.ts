import { TRACK_NAMES } from '@incontra/contracts/constants';
import { speakingChanged } from '../store/speaking-slice';
import type { RoomStore } from '../store/room-store';
import type { TrackRegistry } from '../store/track-registry';
import type { LocalMediaPort } from './local-media-port';
import { SpeakingMonitor, type MeterFactory, type Scheduler } from './speaking-monitor';

export interface VoicesOptions {
  store: RoomStore;
  tracks: TrackRegistry;
  media: LocalMediaPort;
  localIdentity: string;
  meters: MeterFactory;
  schedule?: Scheduler;
}

/**
 * Keeps the speaking monitor on everyone's voice: the others' audio tracks as the registry holds
 * them, one's own microphone as local media holds it (it never enters the registry). Findings go
 * to the store. Answers the function that stops it all.
 */
export function watchVoices({ store, tracks, media, localIdentity, meters, schedule }: VoicesOptions): () => void {
  const monitor = new SpeakingMonitor({ meter: meters, schedule, onChange: (identity, speaking) => store.dispatch(speakingChanged({ identity, speaking })) });
  let watched = new Set<string>();

  const refresh = () => {
    const present = Object.keys(store.getState().participants.entities);
    const next = new Set<string>();
    for (const identity of new Set([...watched, ...present])) {
      const track = identity === localIdentity ? (media.snapshot().microphone?.mediaStreamTrack ?? null) : tracks.get(identity, TRACK_NAMES.audio);
      monitor.watch(identity, track);
      if (track) next.add(identity);
    }
    watched = next;
  };

  const stops = [tracks.subscribe(refresh), media.on('changed', refresh)];
  refresh();
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    stops.forEach((stop) => stop());
    monitor.dispose();
  };
}
