import { Alert, AspectRatio, Box, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IT_WEBINAR_LIVE } from '@incontra/contracts/messages/it-webinar-live';
import type { PresenterFeed } from '../media/live-media';
import { TrackVideo } from '../../room/components/tiles/track-video';

const T = IT_WEBINAR_LIVE.stage;

function Tile({ track, label, mirrored = false }: { track: MediaStreamTrack | null; label: string; mirrored?: boolean }) {
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden', background: '#000' }}>
      <AspectRatio ratio={16 / 9}>
        {track ? (
          <TrackVideo track={track} label={label} fit="contain" mirrored={mirrored} />
        ) : (
          <Box style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <Text c="gray.3" size="sm" ta="center" px="sm">
              {T.waitingVideo}
            </Text>
          </Box>
        )}
      </AspectRatio>
      <Text size="sm" px="sm" py={4} c="white" bg="dark.7">
        {label}
      </Text>
    </Paper>
  );
}

export interface LiveStageProps {
  presenters: readonly PresenterFeed[];
  /** A presenter's own camera, shown as a mirror. */
  preview?: MediaStreamTrack | null;
  previewName?: string;
  /** A presenter's own shared screen. */
  ownScreen?: MediaStreamTrack | null;
}

/**
 * The presenters' video: a shared screen large on top, then one camera tile each; a presenter sees
 * its own preview (and its own screen) first.
 */
export function LiveStage({ presenters, preview, previewName, ownScreen }: LiveStageProps) {
  const tiles = presenters.length + (previewName ? 1 : 0);
  const screens = [
    ...(ownScreen ? [{ key: 'own', track: ownScreen, label: T.ownScreen }] : []),
    ...presenters.flatMap((feed) => (feed.screen ? [{ key: feed.seat, track: feed.screen, label: T.presenterScreen(feed.name) }] : [])),
  ];
  return (
    <section aria-label={T.label} data-testid="webinar-stage">
      {tiles === 0 ? (
        <Alert color="gray" role="status">
          {T.noPresenters}
        </Alert>
      ) : (
        <Stack gap="sm">
          {screens.map((shared) => (
            <Tile key={shared.key} track={shared.track} label={shared.label} />
          ))}
          <SimpleGrid cols={{ base: 1, sm: tiles > 1 || screens.length > 0 ? 2 : 1 }} spacing="sm">
            {previewName && <Tile track={preview ?? null} label={T.ownPreview} mirrored />}
            {presenters.map((feed) => (
              <Tile key={feed.seat} track={feed.video} label={T.presenterVideo(feed.name)} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </section>
  );
}
