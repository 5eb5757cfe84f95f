import { AspectRatio, Center, Paper, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';

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
export function LocalTrackPreview({ track }: { track: AttachableVideoTrack | null }) {
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const element = video.current;
    if (!element || !track) return undefined;
    track.attach(element);
    return () => {
      track.detach(element);
    };
  }, [track]);

  return (
    <AspectRatio ratio={16 / 9}>
      <Paper bg="dark.7" radius="md" style={{ overflow: 'hidden' }}>
        {track ? (
          <video
            ref={video}
            aria-label={IT_ROOM.camera}
            data-testid="prejoin-preview"
            muted
            playsInline
            autoPlay
            style={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scaleX(-1)' }}
          />
        ) : (
          <Center h="100%">
            <Text c="gray.3">{IT_ROOM.noCamera}</Text>
          </Center>
        )}
      </Paper>
    </AspectRatio>
  );
}
