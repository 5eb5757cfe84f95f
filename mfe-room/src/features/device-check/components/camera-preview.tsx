import { useEffect, useRef } from 'react';
import { MirroredPreview } from './mirrored-preview';

/** The local camera from a plain MediaStream (the device check). */
export function CameraPreview({ stream }: { stream: MediaStream | null }) {
  const video = useRef<HTMLVideoElement>(null);
  const hasVideo = (stream?.getVideoTracks().length ?? 0) > 0;

  useEffect(() => {
    const element = video.current;
    if (!element || !hasVideo) return undefined;
    element.srcObject = stream;
    return () => {
      element.srcObject = null;
    };
  }, [stream, hasVideo]);

  return <MirroredPreview videoRef={video} hasVideo={hasVideo} />;
}
