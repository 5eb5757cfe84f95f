import { AspectRatio, Center, Paper, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';

/** The local camera, mirrored like a mirror so that moving left moves left. */
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

  return (
    <AspectRatio ratio={16 / 9}>
      <Paper bg="dark.7" radius="md" style={{ overflow: 'hidden' }}>
        {hasVideo ? (
          <video
            ref={video}
            aria-label={IT_ROOM.camera}
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
