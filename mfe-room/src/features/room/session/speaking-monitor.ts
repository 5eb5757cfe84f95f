/** A track's loudness now, as the RMS of its samples (0 silence, 1 full scale). */
export interface LevelMeter {
  level(): number;
  close(): void;
}

/** Null where the browser cannot measure (no Web Audio): nobody is ever shown speaking. */
export type MeterFactory = (track: MediaStreamTrack) => LevelMeter | null;

/** Runs `work` every `ms` until the returned function is called. */
export type Scheduler = (work: () => void, ms: number) => () => void;

export interface SpeakingMonitorOptions {
  meter: MeterFactory;
  onChange(identity: string, speaking: boolean): void;
  schedule?: Scheduler;
}

/** Above this RMS (about -36 dBFS) a voice is heard; room noise and a muted track stay below. */
export const SPEAKING_THRESHOLD = 0.016;
export const SAMPLE_EVERY_MS = 150;
/** Quiet samples before someone stops speaking: the pauses between words must not flicker. */
const QUIET_SAMPLES_TO_STOP = 5;

interface Watched {
  track: MediaStreamTrack;
  meter: LevelMeter;
  speaking: boolean;
  quiet: number;
}

const intervalScheduler: Scheduler = (work, ms) => {
  const timer = setInterval(work, ms);
  return () => clearInterval(timer);
};

/**
 * Who is speaking, from each participant's audio track: one meter per track, sampled on one
 * timer that runs only while there is a track to watch; a change is reported once.
 */
export class SpeakingMonitor {
  private readonly watched = new Map<string, Watched>();
  private readonly schedule: Scheduler;
  private stopTimer: (() => void) | null = null;

  constructor(private readonly options: SpeakingMonitorOptions) {
    this.schedule = options.schedule ?? intervalScheduler;
  }

  /** The participant's audio track now (null: none, or gone). The same track again changes nothing. */
  watch(identity: string, track: MediaStreamTrack | null): void {
    const current = this.watched.get(identity);
    if (current?.track === track) return;
    if (current) this.forget(identity, current);
    const meter = track ? this.options.meter(track) : null;
    if (track && meter) this.watched.set(identity, { track, meter, speaking: false, quiet: 0 });
    this.updateTimer();
  }

  /** Samples every meter once (the timer's work; tests call it directly). */
  sample(): void {
    for (const [identity, entry] of this.watched) {
      const loud = entry.meter.level() > SPEAKING_THRESHOLD;
      entry.quiet = loud ? 0 : entry.quiet + 1;
      const speaking = loud || (entry.speaking && entry.quiet < QUIET_SAMPLES_TO_STOP);
      if (speaking !== entry.speaking) {
        entry.speaking = speaking;
        this.options.onChange(identity, speaking);
      }
    }
  }

  dispose(): void {
    for (const [identity, entry] of [...this.watched]) this.forget(identity, entry);
    this.updateTimer();
  }

  private forget(identity: string, entry: Watched): void {
    entry.meter.close();
    this.watched.delete(identity);
    if (entry.speaking) this.options.onChange(identity, false);
  }

  private updateTimer(): void {
    if (this.watched.size > 0 && !this.stopTimer) this.stopTimer = this.schedule(() => this.sample(), SAMPLE_EVERY_MS);
    if (this.watched.size === 0 && this.stopTimer) {
      this.stopTimer();
      this.stopTimer = null;
    }
  }
}
