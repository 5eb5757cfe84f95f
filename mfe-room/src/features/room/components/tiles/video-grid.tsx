import { Box } from '@mantine/core';
import { useRoomSelector } from '../../store/hooks';
import { selectVideoTiles } from '../../store/selectors';
import { VideoTile } from './video-tile';

/**
 * The tiles in the spec's order (oneself, screen shares, the others with video). The columns
 * follow the width: one on a 320 px phone, more as the room widens; a screen share takes a row.
 */
export function VideoGrid() {
  const tiles = useRoomSelector(selectVideoTiles);
  return (
    <Box
      component="section"
      data-testid="video-grid"
      style={{
        display: 'grid',
        gap: 8,
        gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, ${tiles.length > 2 ? 240 : 320}px), 1fr))`,
        alignContent: 'start',
      }}
    >
      {tiles.map((tile) => (
        <div key={`${tile.identity}:${tile.kind}`} style={tile.kind === 'screen' ? { gridColumn: '1 / -1' } : undefined}>
          <VideoTile tile={tile} />
        </div>
      ))}
    </Box>
  );
}
