import { useEffect, useRef } from 'react';

interface TrackVideoProps {
  track: MediaStreamTrack | null;
  /** One's own camera shows as a mirror; screens and others never. */
  mirrored?: boolean;
  fit?: 'cover' | 'contain';
  label?: string;
}

/**
 * A `<video autoplay playsinline muted>` bound to one track. Muted because sound plays through
 * the separate audio elements (and one's own voice must never echo back).
 */
export function TrackVideo({ track, mirrored = false, fit = 'cover', label }: TrackVideoProps) {
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const element = video.current;
    if (!element || !track || typeof MediaStream === 'undefined') return undefined;
    element.srcObject = new MediaStream([track]);
    // Autoplay of a muted video is allowed everywhere; a rejection only means it was replaced.
    element.play?.()?.catch(() => undefined);
    return () => {
      element.srcObject = null;
    };
  }, [track]);

  return (
    <video
      ref={video}
      autoPlay
      playsInline
      muted
      aria-label={label}
      style={{ width: '100%', height: '100%', objectFit: fit, transform: mirrored ? 'scaleX(-1)' : undefined, background: '#000', display: 'block' }}
    />
  );
}
