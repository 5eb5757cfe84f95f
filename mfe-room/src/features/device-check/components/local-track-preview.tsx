import { useEffect, useRef } from 'react';
import { MirroredPreview } from './mirrored-preview';

/** A twilio-video local video track, or anything that attaches to an element the same way. */
export interface AttachableVideoTrack {
  attach(element: HTMLMediaElement): HTMLMediaElement;
  detach(element: HTMLMediaElement): HTMLMediaElement;
}

/**
 * The camera as others will see it: attached through the track itself, so that a background
 * processor's output (blur, virtual background) is what shows, and runs (twilio-video starts
 * processing frames only once the track is attached somewhere). Mirrored like a mirror.
 */
export function LocalTrackPreview({ track, emptyText, maxHeight }: { track: AttachableVideoTrack | null; emptyText?: string; maxHeight?: string }) {
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const element = video.current;
    if (!element || !track) return undefined;
    track.attach(element);
    return () => {
      track.detach(element);
    };
  }, [track]);

  return <MirroredPreview videoRef={video} hasVideo={track !== null} testId="prejoin-preview" emptyText={emptyText} maxHeight={maxHeight} />;
}
