import { SpeakingMonitor, SPEAKING_THRESHOLD, type LevelMeter } from './speaking-monitor';

const track = (id: string) => ({ id, kind: 'audio' }) as unknown as MediaStreamTrack;

function setup() {
  const levels = new Map<string, number>();
  const meters: Array<LevelMeter & { trackId: string; closed: boolean }> = [];
  const changes: Array<[string, boolean]> = [];
  const timers = { started: 0, stopped: 0 };
  const monitor = new SpeakingMonitor({
    meter: (audio) => {
      const meter = { trackId: audio.id, closed: false, level: () => levels.get(audio.id) ?? 0, close: () => (meter.closed = true) };
      meters.push(meter);
      return meter;
    },
    onChange: (identity, speaking) => changes.push([identity, speaking]),
    schedule: () => {
      timers.started += 1;
      return () => (timers.stopped += 1);
    },
  });
  return { monitor, levels, meters, changes, timers };
}

const LOUD = SPEAKING_THRESHOLD * 4;

describe('speaking monitor', () => {
  it('reports a participant speaking at the first loud sample, and quiet only after a pause', () => {
    const { monitor, levels, changes } = setup();
    monitor.watch('anna', track('a1'));
    monitor.sample();
    expect(changes).toEqual([]);
    levels.set('a1', LOUD);
    monitor.sample();
    expect(changes).toEqual([['anna', true]]);
    // A pause between words: still speaking.
    levels.set('a1', 0);
    for (let sample = 0; sample < 4; sample += 1) monitor.sample();
    expect(changes).toEqual([['anna', true]]);
    monitor.sample();
    expect(changes).toEqual([
      ['anna', true],
      ['anna', false],
    ]);
  });

  it('measures each participant apart, and a new track with a new meter', () => {
    const { monitor, levels, meters, changes } = setup();
    const marco = track('m1');
    monitor.watch('anna', track('a1'));
    monitor.watch('marco', marco);
    levels.set('m1', LOUD);
    monitor.sample();
    expect(changes).toEqual([['marco', true]]);

    monitor.watch('marco', marco); // the same track: nothing to do
    expect(meters).toHaveLength(2);
    monitor.watch('marco', track('m2'));
    expect(meters.map((meter) => [meter.trackId, meter.closed])).toEqual([
      ['a1', false],
      ['m1', true],
      ['m2', false],
    ]);
    // The old track's speaking ends with it.
    expect(changes).toEqual([
      ['marco', true],
      ['marco', false],
    ]);
  });

  it('samples only while there is a track to watch, and closes every meter on dispose', () => {
    const { monitor, meters, timers } = setup();
    monitor.watch('anna', null);
    expect(timers.started).toBe(0);
    monitor.watch('anna', track('a1'));
    monitor.watch('marco', track('m1'));
    expect(timers.started).toBe(1);
    monitor.watch('anna', null);
    expect(timers.stopped).toBe(0);
    monitor.dispose();
    expect(timers.stopped).toBe(1);
    expect(meters.every((meter) => meter.closed)).toBe(true);
  });

  it('watches nothing where no meter can be made', () => {
    const changes: unknown[] = [];
    const monitor = new SpeakingMonitor({ meter: () => null, onChange: (...change) => changes.push(change), schedule: () => () => undefined });
    monitor.watch('anna', track('a1'));
    monitor.sample();
    expect(changes).toEqual([]);
  });
});
