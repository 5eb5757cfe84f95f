import { Box, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { MicrophoneState } from './microphone-state';
import { ParticipantAvatar } from './participant-avatar';
import { TrackVideo } from './track-video';

export interface VideoTileViewProps {
  identity: string;
  kind: 'camera' | 'screen';
  local: boolean;
  name: string;
  track: MediaStreamTrack | null;
  muted: boolean;
  speaking: boolean;
  blurEnabled: boolean;
  backgroundEnabled: boolean;
  /** Staff's mute/remove, on remote camera tiles. */
  actions?: ReactNode;
}

/**
 * One tile of the stage, filling the box the stage layout gave it: the picture (or, camera off,
 * the initials), the name, the microphone's state and, while the person speaks, a ring around
 * the tile. A screen's tile names whose screen it is and nothing of their voice.
 */
export function VideoTileView(props: VideoTileViewProps) {
  const { identity, kind, local, name, track, muted, speaking, blurEnabled, backgroundEnabled, actions } = props;
  const camera = kind === 'camera';
  const label = camera ? (local ? `${name} (${IT_ROOM.you})` : name) : IT_ROOM.screenOf(local ? IT_ROOM.you : name);
  const showsSpeaking = camera && speaking && !muted;
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
      data-speaking={String(showsSpeaking)}
      data-blur={String(blurEnabled)}
      data-background={String(backgroundEnabled)}
      aria-label={label}
      // A size container: the initials scale with the tile (cqmin units).
      style={{ overflow: 'hidden', borderRadius: 'var(--mantine-radius-md)', background: '#1a1b1e', width: '100%', height: '100%', containerType: 'size' }}
    >
      {track ? (
        <TrackVideo track={track} mirrored={local && camera} fit={camera ? 'cover' : 'contain'} />
      ) : (
        <Box h="100%" style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }} data-testid="tile-no-video">
          <ParticipantAvatar name={name} speaking={showsSpeaking} size="clamp(32px, 36cqmin, 120px)" />
        </Box>
      )}
      {showsSpeaking && (
        <Box
          aria-hidden="true"
          pos="absolute"
          inset={0}
          data-testid="tile-speaking-ring"
          style={{ borderRadius: 'inherit', boxShadow: 'inset 0 0 0 3px var(--mantine-color-green-5)', pointerEvents: 'none' }}
        />
      )}
      <Group
        component="figcaption"
        gap={6}
        wrap="nowrap"
        pos="absolute"
        left={6}
        bottom={6}
        px={8}
        py={2}
        style={{ background: 'rgba(0, 0, 0, 0.7)', color: '#fff', borderRadius: 6, maxWidth: 'calc(100% - 12px)' }}
      >
        {camera && <MicrophoneState muted={muted} speaking={speaking} tone="on-dark" />}
        <Text size="sm" c="white" truncate="end">
          {label}
        </Text>
      </Group>
      {actions && (
        <Group gap={4} pos="absolute" top={6} right={6} wrap="nowrap">
          {actions}
        </Group>
      )}
    </Box>
  );
}
