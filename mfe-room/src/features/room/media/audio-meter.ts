import type { LevelMeter, MeterFactory } from '../session/speaking-monitor';

/**
 * Level meters on one shared AudioContext (browsers limit how many a page may open). The context
 * is created with the first meter, after entering the room (a gesture), so it starts running;
 * it closes with the last meter.
 */
export function webAudioMeters(): MeterFactory | null {
  if (typeof AudioContext === 'undefined' || typeof MediaStream === 'undefined') return null;
  let context: AudioContext | null = null;
  let open = 0;

  return (track) => {
    try {
      context ??= new AudioContext();
      const shared = context;
      const source = shared.createMediaStreamSource(new MediaStream([track]));
      const analyser = shared.createAnalyser();
      analyser.fftSize = 512;
      source.connect(analyser);
      const samples = new Float32Array(analyser.fftSize);
      open += 1;
      if (shared.state === 'suspended') void shared.resume();
      const meter: LevelMeter = {
        level() {
          analyser.getFloatTimeDomainData(samples);
          let sum = 0;
          for (const sample of samples) sum += sample * sample;
          return Math.sqrt(sum / samples.length);
        },
        close() {
          source.disconnect();
          open -= 1;
          if (open === 0 && context) {
            void context.close();
            context = null;
          }
        },
      };
      return meter;
    } catch {
      // A track Web Audio cannot read (ended, or not audio): that participant shows no indicator.
      return null;
    }
  };
}
