import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { MEDIA_DEVICES, type MediaDevice, type MediaPermission, type MediaPermissions } from '../utils/media-permission';

const DEVICE_LABEL: Record<MediaDevice, string> = { camera: IT_ROOM.camera, microphone: IT_ROOM.microphone };
const PERMISSION_TEXT: Record<MediaPermission, string> = {
  granted: IT_ROOM.permissionGranted,
  denied: IT_ROOM.permissionDenied,
  unknown: IT_ROOM.permissionUnknown,
};
const PERMISSION_COLOR: Record<MediaPermission, string> = { granted: 'green', denied: 'red', unknown: 'gray' };

/** Each device's permission; a polite live region so that changes are announced. */
export function PermissionList({ permissions }: { permissions: MediaPermissions }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {IT_ROOM.permissionsTitle}
      </Title>
      <ul aria-live="polite" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {MEDIA_DEVICES.map((device) => (
          <li key={device}>
            <Group gap="sm" py={4}>
              <Text>{`${DEVICE_LABEL[device]}:`}</Text>
              <Badge color={PERMISSION_COLOR[permissions[device]]} variant="light">
                {PERMISSION_TEXT[permissions[device]]}
              </Badge>
            </Group>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
