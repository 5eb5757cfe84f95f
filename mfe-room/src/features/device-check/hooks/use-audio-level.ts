import { useEffect, useState } from 'react';

/** Silence sits at -60 dBFS and below, a shout at 0: mapped to 0-100 for the meter. */
const FLOOR_DB = -60;

function levelOf(samples: Uint8Array): number {
  let sum = 0;
  for (const sample of samples) {
    const centred = (sample - 128) / 128;
    sum += centred * centred;
  }
  const rms = Math.sqrt(sum / samples.length);
  if (rms === 0) return 0;
  const db = 20 * Math.log10(rms);
  return Math.round(Math.min(100, Math.max(0, ((db - FLOOR_DB) / -FLOOR_DB) * 100)));
}

/**
 * The microphone's loudness (0-100), sampled once per animation frame through an AnalyserNode.
 * Everything opened here (audio graph, context, frame loop, gesture listeners) is closed again
 * when the stream changes or the component unmounts.
 */
export function useAudioLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);

  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0 || typeof AudioContext === 'undefined') return undefined;

    const context = new AudioContext();
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);

    let frame = requestAnimationFrame(function sample() {
      analyser.getByteTimeDomainData(samples);
      const next = levelOf(samples);
      setLevel((previous) => (previous === next ? previous : next));
      frame = requestAnimationFrame(sample);
    });

    // Autoplay rules may start the context suspended until the page gets a gesture.
    const resume = () => void context.resume();
    document.addEventListener('pointerdown', resume);
    document.addEventListener('keydown', resume);
    resume();

    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('pointerdown', resume);
      document.removeEventListener('keydown', resume);
      source.disconnect();
      void context.close();
      setLevel(0);
    };
  }, [stream]);

  return level;
}
