import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CAPTURE_LADDER, failureOf, type CaptureFailure } from '../utils/capture-constraints';

export type PreviewStatus = 'idle' | 'requesting' | 'ready' | 'failed';

interface PreviewCallbacks {
  onCaptured(stream: MediaStream): void;
  onDenied(): void;
}

const SEVERITY: Record<CaptureFailure, number> = { denied: 4, busy: 3, 'no-devices': 2, unsupported: 1, failed: 0 };

function stopTracks(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

/**
 * Camera and microphone for a preview: asked for at mount and on `request()`, stepping down the
 * constraints when the devices cannot meet them. A newer request or the unmount supersedes an
 * older one; every stream obtained is stopped when replaced or at unmount.
 */
export function useLocalMediaPreview(callbacks: PreviewCallbacks) {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [status, setStatus] = useState<PreviewStatus>('idle');
  const [failure, setFailure] = useState<CaptureFailure | null>(null);
  const latestRequest = useRef(0);
  const current = useRef<MediaStream | null>(null);
  const callbacksRef = useRef(callbacks);
  useLayoutEffect(() => {
    callbacksRef.current = callbacks;
  });

  const request = useCallback(async () => {
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!media?.getUserMedia) {
      setStatus('failed');
      setFailure('unsupported');
      return;
    }
    const id = ++latestRequest.current;
    setStatus('requesting');
    setFailure(null);
    let worst: CaptureFailure = 'failed';
    for (const constraints of CAPTURE_LADDER) {
      try {
        const captured = await media.getUserMedia(constraints);
        if (id !== latestRequest.current) {
          stopTracks(captured);
          return;
        }
        stopTracks(current.current);
        current.current = captured;
        setStream(captured);
        setStatus('ready');
        callbacksRef.current.onCaptured(captured);
        return;
      } catch (error) {
        if (id !== latestRequest.current) return;
        const next = failureOf(error);
        if (SEVERITY[next] > SEVERITY[worst]) worst = next;
        if (next === 'denied') break;
      }
    }
    setStatus('failed');
    setFailure(worst);
    if (worst === 'denied') callbacksRef.current.onDenied();
  }, []);

  useEffect(() => {
    void request();
    return () => {
      latestRequest.current += 1;
      stopTracks(current.current);
      current.current = null;
    };
  }, [request]);

  return { stream, status, failure, request };
}
