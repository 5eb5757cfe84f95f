import { Alert, Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IT_WEBINAR_LIVE } from '@incontra/contracts/messages/it-webinar-live';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { ConfirmModal, useConfirmAction } from '@incontra/mfe-kit/confirm-action';
import { moveLiveWebinar } from '../api/webinar-calls';
import type { PresenterMedia } from '../hooks/use-local-media';
import type { LiveStatus } from '../session/live-state';

const T = IT_WEBINAR_LIVE.console;

interface PresenterConsoleProps {
  webinarId: string;
  status: LiveStatus;
  media: PresenterMedia;
  /** Recording: whether it runs, whether it can here, and the way to turn it on or off. */
  recording: boolean;
  recordable: boolean;
  onRecord(on: boolean): void;
}

/**
 * The presenter's controls: start the webinar (everyone's waiting screen switches to the live
 * view), end it for everyone (asked first), camera and microphone on and off, the screen shared,
 * the recording (Janus only; elsewhere said plainly).
 */
export function PresenterConsole({ webinarId, status, media, recording, recordable, onRecord }: PresenterConsoleProps) {
  const start = useMutation({ mutationFn: () => moveLiveWebinar(webinarId, 'live') });
  const end = useConfirmAction(() => moveLiveWebinar(webinarId, 'ended'));
  return (
    <>
      <Group gap="sm" wrap="wrap" data-testid="webinar-console">
        {status === 'published' && (
          <Button onClick={() => start.mutate()} loading={start.isPending}>
            {T.start}
          </Button>
        )}
        <Button variant="default" onClick={media.toggleMicrophone} disabled={media.failed}>
          {media.microphoneOn ? T.microphoneOn : T.microphoneOff}
        </Button>
        <Button variant="default" onClick={media.toggleCamera} disabled={media.failed}>
          {media.cameraOn ? T.cameraOn : T.cameraOff}
        </Button>
        <Button variant="default" onClick={media.toggleScreen}>
          {media.screen ? T.stopScreen : T.shareScreen}
        </Button>
        {status === 'live' && recordable && (
          <Button variant="default" onClick={() => onRecord(!recording)}>
            {recording ? T.stopRecording : T.record}
          </Button>
        )}
        {status === 'live' && (
          <Button color="red" onClick={end.open}>
            {T.end}
          </Button>
        )}
      </Group>
      {status === 'live' && !recordable && (
        <Text size="sm" c="dimmed">
          {T.notRecordable}
        </Text>
      )}
      {media.screenFailed && (
        <Alert color="yellow" role="alert">
          {T.screenFailed}
        </Alert>
      )}
      {start.isError && (
        <Alert color="red" role="alert">
          {apiErrorMessage(start.error, T.moveFailed)}
        </Alert>
      )}
      <ConfirmModal action={end} title={T.endTitle} text={T.endBody} keepLabel={T.cancel} confirmLabel={T.endConfirm} />
    </>
  );
}
