import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useCallback } from 'react';
import { IT } from '@incontra/contracts/messages/it';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { useAudioLevel } from '../hooks/use-audio-level';
import { useLocalMediaPreview } from '../hooks/use-local-media-preview';
import { useMediaPermissions } from '../hooks/use-media-permissions';
import type { CaptureFailure } from '../utils/capture-constraints';
import { CameraPreview } from './camera-preview';
import { MediaAlerts } from './media-alerts';
import { MicrophoneMeter } from './microphone-meter';
import { PermissionList } from './permission-list';

const FAILURE_TEXT: Partial<Record<CaptureFailure, string>> = {
  'no-devices': IT_ROOM.noDevices,
  busy: IT_ROOM.deviceBusy,
  unsupported: IT_ROOM.mediaUnsupported,
  failed: IT.errors.generic,
};

/** Camera preview, microphone level and permissions before entering a room. */
export function DeviceCheckPage() {
  const { permissions, report } = useMediaPermissions();
  const onCaptured = useCallback(
    (stream: MediaStream) => {
      if (stream.getVideoTracks().length > 0) report('camera', 'granted');
      if (stream.getAudioTracks().length > 0) report('microphone', 'granted');
    },
    [report],
  );
  const onDenied = useCallback(() => {
    report('camera', 'denied');
    report('microphone', 'denied');
  }, [report]);
  const preview = useLocalMediaPreview({ onCaptured, onDenied });
  const level = useAudioLevel(preview.stream);

  const denied = permissions.camera === 'denied' || permissions.microphone === 'denied';
  const allGranted = permissions.camera === 'granted' && permissions.microphone === 'granted';
  const failureText = preview.failure && preview.failure !== 'denied' ? FAILURE_TEXT[preview.failure] : undefined;

  return (
    <Container component="main" size="sm" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{IT_ROOM.deviceCheckTitle}</Title>
          <Text c="dimmed" mt="xs">
            {IT_ROOM.deviceCheckText}
          </Text>
        </div>
        <CameraPreview stream={preview.stream} />
        <MicrophoneMeter level={level} />
        <PermissionList permissions={permissions} />
        <MediaAlerts denied={denied} failureText={failureText} />
        {(!allGranted || preview.status !== 'ready') && (
          <Button onClick={() => void preview.request()} loading={preview.status === 'requesting'} w="fit-content">
            {IT_ROOM.requestAccess}
          </Button>
        )}
      </Stack>
    </Container>
  );
}
