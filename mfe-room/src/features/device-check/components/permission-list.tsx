import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IT } from '@incontra/contracts/messages/it';
import { MEDIA_DEVICES, type MediaDevice, type MediaPermission, type MediaPermissions } from '../utils/media-permission';

const DEVICE_LABEL: Record<MediaDevice, string> = { camera: IT.room.camera, microphone: IT.room.microphone };
const PERMISSION_TEXT: Record<MediaPermission, string> = {
  granted: IT.room.permissionGranted,
  denied: IT.room.permissionDenied,
  unknown: IT.room.permissionUnknown,
};
const PERMISSION_COLOR: Record<MediaPermission, string> = { granted: 'green', denied: 'red', unknown: 'gray' };

/** Each device's permission; a polite live region so that changes are announced. */
export function PermissionList({ permissions }: { permissions: MediaPermissions }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {IT.room.permissionsTitle}
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
