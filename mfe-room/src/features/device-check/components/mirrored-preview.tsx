import { AspectRatio, Center, Paper, Text } from '@mantine/core';
import type { Ref } from 'react';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';

interface MirroredPreviewProps {
  videoRef: Ref<HTMLVideoElement>;
  hasVideo: boolean;
  testId?: string;
}

/** The local camera's 16:9 frame, mirrored like a mirror so that moving left moves left. */
export function MirroredPreview({ videoRef, hasVideo, testId }: MirroredPreviewProps) {
  return (
    <AspectRatio ratio={16 / 9}>
      <Paper bg="dark.7" radius="md" style={{ overflow: 'hidden' }}>
        {hasVideo ? (
          <video
            ref={videoRef}
            aria-label={IT_ROOM.camera}
            data-testid={testId}
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
