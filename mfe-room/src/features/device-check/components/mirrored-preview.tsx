import { AspectRatio, Center, Paper, Text } from '@mantine/core';
import type { Ref } from 'react';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';

interface MirroredPreviewProps {
  videoRef: Ref<HTMLVideoElement>;
  hasVideo: boolean;
  testId?: string;
  /** Said in the frame without a picture (default: no picture from the camera). */
  emptyText?: string;
  /** Caps the frame's height (phones: the button to enter must stay in view). */
  maxHeight?: string;
}

/** The local camera's 16:9 frame, mirrored like a mirror so that moving left moves left. */
export function MirroredPreview({ videoRef, hasVideo, testId, emptyText = IT_ROOM.noCamera, maxHeight }: MirroredPreviewProps) {
  return (
    <AspectRatio ratio={16 / 9} maw={maxHeight ? `calc(${maxHeight} * 16 / 9)` : undefined} w="100%" mx="auto">
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
          <Center h="100%" p="sm">
            <Text c="gray.3" ta="center" data-testid={testId && `${testId}-empty`}>
              {emptyText}
            </Text>
          </Center>
        )}
      </Paper>
    </AspectRatio>
  );
}
