import { Avatar, Box, Center, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { MicrophoneOffIcon } from '../common/icons';
import { TrackVideo } from './track-video';

export interface VideoTileViewProps {
  identity: string;
  kind: 'camera' | 'screen';
  local: boolean;
  name: string;
  track: MediaStreamTrack | null;
  muted: boolean;
  blurEnabled: boolean;
  backgroundEnabled: boolean;
  /** Staff's mute/remove, on remote camera tiles. */
  actions?: ReactNode;
}

/** One video in the grid: the picture, the name and, when silent, the muted-microphone mark. */
export function VideoTileView({ identity, kind, local, name, track, muted, blurEnabled, backgroundEnabled, actions }: VideoTileViewProps) {
  const label = kind === 'screen' ? IT_ROOM.screenOf(local ? IT_ROOM.you : name) : local ? `${name} (${IT_ROOM.you})` : name;
  return (
    <Box
      component="figure"
      m={0}
      pos="relative"
      data-testid="video-tile"
      data-identity={identity}
      data-kind={kind}
      data-local={String(local)}
      data-muted={String(muted)}
      data-blur={String(blurEnabled)}
      data-background={String(backgroundEnabled)}
      aria-label={label}
      style={{ overflow: 'hidden', borderRadius: 'var(--mantine-radius-md)', background: '#000', aspectRatio: '16 / 9', width: '100%' }}
    >
      {track ? (
        <TrackVideo track={track} mirrored={local && kind === 'camera'} fit={kind === 'screen' ? 'contain' : 'cover'} />
      ) : (
        // One's own tile stays when the camera is off: the name's initial instead of a black frame.
        <Center h="100%" data-testid="tile-no-video">
          <Avatar size="lg" radius="xl" color="gray" aria-hidden="true">
            {name.trim().charAt(0).toUpperCase()}
          </Avatar>
        </Center>
      )}
      <Group
        component="figcaption"
        gap={6}
        wrap="nowrap"
        pos="absolute"
        left={8}
        bottom={8}
        px={8}
        py={2}
        style={{ background: 'rgba(0, 0, 0, 0.6)', color: '#fff', borderRadius: 6, maxWidth: 'calc(100% - 16px)' }}
      >
        {muted && kind === 'camera' && (
          <span role="img" aria-label={IT_ROOM.microphoneMuted} data-testid="tile-muted" style={{ display: 'inline-flex', color: '#ff8787' }}>
            <MicrophoneOffIcon size={16} />
          </span>
        )}
        <Text size="sm" c="white" truncate="end">
          {label}
        </Text>
      </Group>
      {actions && (
        <Group gap={4} pos="absolute" top={8} right={8} wrap="nowrap">
          {actions}
        </Group>
      )}
    </Box>
  );
}
