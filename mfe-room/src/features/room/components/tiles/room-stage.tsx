import { Box } from '@mantine/core';
import { useMemo, useRef, type CSSProperties } from 'react';
import { useElementSize } from '../../hooks/use-element-size';
import { useRoomSelector } from '../../store/hooks';
import { selectAudioOnlyParticipants, selectVideoTiles } from '../../store/selectors';
import { layoutStage, type Rect } from '../../utils/stage-layout';
import { RoomAudioOnlyList } from '../participants/room-participants';
import { VideoTile } from './video-tile';

const placed = (rect: Rect): CSSProperties => ({ position: 'absolute', left: rect.x, top: rect.y, width: rect.width, height: rect.height });

/**
 * The space between the header and the control bar, shared out by the stage layout: the tiles in
 * the spec's order (oneself, screen shares, the others with video) and the audio-only list, each
 * in a box that lies inside the stage, whatever its size, so that nobody is ever scrolled away.
 */
export function RoomStage() {
  const stage = useRef<HTMLDivElement>(null);
  const size = useElementSize(stage);
  const tiles = useRoomSelector(selectVideoTiles);
  const audioOnly = useRoomSelector(selectAudioOnlyParticipants);
  const layout = useMemo(() => layoutStage({ size, tiles: tiles.map((tile) => tile.kind), audioOnly: audioOnly.length }), [size, tiles, audioOnly.length]);
  return (
    <Box ref={stage} data-testid="room-stage" pos="relative" style={{ flex: 1, minHeight: 0, minWidth: 0, overflow: 'hidden' }}>
      <Box component="ul" data-testid="video-grid" m={0} p={0} style={{ listStyle: 'none' }}>
        {tiles.map((tile, index) => (
          <li key={`${tile.identity}:${tile.kind}`} style={placed(layout.tiles[index]!)}>
            <VideoTile tile={tile} />
          </li>
        ))}
      </Box>
      {layout.audioOnly && <RoomAudioOnlyList columns={layout.audioOnly.columns} style={placed(layout.audioOnly.rect)} />}
    </Box>
  );
}
